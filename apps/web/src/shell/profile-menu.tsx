import CheckIcon from '@mui/icons-material/Check';
import LogoutIcon from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useId } from 'react';
import { timeZoneOptions } from '../i18n/time-zone';
import { timeZoneStore, useTimeZone } from '../i18n/time-zone-store';
import { useTranslation } from '../i18n/use-translation';
import { fullName, initials, useProfileBasic } from '../modules/profile';
import { useMenuAnchor } from '../ui/use-menu-anchor';
import { visuallyHidden } from '../ui/visually-hidden';
import { useLogout } from './use-logout';

/** Initials in white on the dark secondary colour: readable (10:1), where MUI's grey gives 1.8:1. */
const avatarSx = (size: number) => ({
  width: size,
  height: size,
  bgcolor: 'secondary.main',
  color: 'secondary.contrastText',
});

/** The top bar's profile menu: photo, name, e-mail, the zone times are shown in, and Logout (spec §2). */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { data: profile } = useProfileBasic();
  const logout = useLogout();
  const { triggerProps, menuProps, close } = useMenuAnchor();
  const name = fullName(profile);
  const photo = profile?.photo ?? undefined;
  const timeZone = useTimeZone();
  // The shell always shows this menu, so it tells the zone store whose choice applies.
  useEffect(() => timeZoneStore.setAdmin(profile?.email), [profile?.email]);
  const zones = timeZoneOptions(timeZone.browserZone);
  const zoneHeadingId = useId();

  return (
    <>
      <Tooltip title={t('shell.profile')} describeChild>
        {/* Named by its hidden text, not aria-label: the initials only draw the avatar, and a label that
            does not contain a control's visible text confuses speech input (WCAG 2.5.3). */}
        <IconButton {...triggerProps} sx={{ p: 0.5 }}>
          <Avatar src={photo} alt="" aria-hidden sx={avatarSx(36)}>
            {initials(profile)}
          </Avatar>
          <Box component="span" sx={visuallyHidden}>
            {name ? `${t('shell.profile')}: ${name}` : t('shell.profile')}
          </Box>
        </IconButton>
      </Tooltip>
      <Menu
        {...menuProps}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Box
          component="li"
          role="none"
          sx={{ px: 2, py: 1.5, display: 'flex', gap: 1.5, alignItems: 'center' }}
        >
          <Avatar src={photo} alt={name} sx={avatarSx(48)}>
            {initials(profile)}
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 500 }} noWrap>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {profile?.email}
            </Typography>
          </Box>
        </Box>
        <Divider component="li" />
        <ListSubheader role="none" id={zoneHeadingId} sx={{ lineHeight: '36px', bgcolor: 'transparent' }}>
          {t('shell.timeZone.title')}
        </ListSubheader>
        {zones.map((option) => (
          <MenuItem
            key={option.choice}
            role="menuitemradio"
            aria-checked={option.choice === timeZone.choice}
            aria-describedby={zoneHeadingId}
            onClick={() => {
              timeZoneStore.setChoice(option.choice);
              close();
            }}
          >
            <ListItemIcon>{option.choice === timeZone.choice && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText
              primary={option.label}
              secondary={t(option.choice === 'utc' ? 'shell.timeZone.utcHint' : 'shell.timeZone.localHint')}
            />
          </MenuItem>
        ))}
        <Divider component="li" />
        <MenuItem
          onClick={() => {
            close();
            logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('shell.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ColorModeSwitch } from '../app/color-mode/color-mode-switch';
import { LanguageMenu } from '../i18n/language-menu';
import { useTranslation } from '../i18n/use-translation';
import { ProfileMenu } from './profile-menu';

/** App name, language menu and profile menu (spec §2); the menu button only where the drawer hides. */
export function TopBar({ onOpenMenu }: { onOpenMenu?: () => void }) {
  // A permanent drawer sits below the bar; a temporary one (narrow screens) slides over it.
  const overDrawer = onOpenMenu === undefined;
  const { t } = useTranslation();
  return (
    <AppBar position="fixed" sx={overDrawer ? { zIndex: (theme) => theme.zIndex.drawer + 1 } : undefined}>
      <Toolbar>
        {onOpenMenu && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={t('shell.openMenu')}
            onClick={onOpenMenu}
            sx={{ mr: 1 }}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Typography
          variant="h6"
          component={RouterLink}
          to="/dashboard"
          sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 600 }}
        >
          {t('app.name')}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ColorModeSwitch />
          <LanguageMenu />
          <ProfileMenu />
        </Box>
      </Toolbar>
    </AppBar>
  );
}

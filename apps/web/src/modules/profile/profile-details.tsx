import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Profile } from '@pult/contract';
import type { ReactNode } from 'react';
import { languageName } from '../../i18n/available-locales';
import { formatDate, formatDateTime } from '../../i18n/format-date';
import { useTimeZone } from '../../i18n/time-zone-store';
import { useAvailableLocales } from '../../i18n/use-available-locales';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { fullName, initials } from './profile-name';

/** The read-only account facts of the profile page. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const languages = useAvailableLocales();
  const none = t('common.none');
  const name = fullName(profile);
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar src={profile.photo ?? undefined} alt={name} sx={{ width: 72, height: 72 }}>
          {initials(profile)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h6" component="p" noWrap>
            {name}
          </Typography>
          <Typography color="text.secondary" noWrap>
            {profile.email}
          </Typography>
        </Box>
      </Stack>
      <Box
        component="dl"
        sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1 }}
      >
        <Fact label={t('profile.uid')}>
          <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {profile.uid}
          </Box>
        </Fact>
        <Fact label={t('profile.email')}>{profile.email}</Fact>
        <Fact label={t('profile.groups')}>
          {profile.groups.length === 0
            ? none
            : profile.groups.map((group) => (
                <Chip key={group} label={group} size="small" sx={{ mr: 0.5, mb: 0.5 }} />
              ))}
        </Fact>
        <Fact label={t('profile.language')}>
          {profile.language ? languageName(profile.language, languages) : none}
        </Fact>
        <Fact label={t('profile.gender')}>
          {profile.gender ? t(`profile.genders.${profile.gender}`) : none}
        </Fact>
        <Fact label={t('profile.birthday')}>
          {profile.birthday ? formatDate(profile.birthday, locale) : none}
        </Fact>
        <Fact label={t('profile.createdAt')}>{formatDateTime(profile.created_at, locale, zone)}</Fact>
      </Box>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, minWidth: 0 }}>
        {children}
      </Typography>
    </>
  );
}

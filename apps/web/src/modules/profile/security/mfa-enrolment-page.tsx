import KeyIcon from '@mui/icons-material/Key';
import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { lazyWithRetry } from '../../../app/lazy-with-retry';
import { useTranslation } from '../../../i18n/use-translation';
import { useProfileBasic } from '../use-profile-basic';
import { useMfaEnrolment } from './use-mfa-enrolment';
import { useMfaStatus } from './use-mfa-status';

const TotpSetupDialog = lazyWithRetry(() => import('./totp-setup-dialog'));
const AddPasskeyDialog = lazyWithRetry(() => import('./add-passkey-dialog'));

/**
 * What an administrator sees on every page while a group of theirs requires a second factor they
 * have not set up: why, the setup itself, and the way out.
 */
export default function MfaEnrolmentPage() {
  const { t } = useTranslation();
  const profile = useProfileBasic();
  const enrolment = useMfaEnrolment();
  const status = useMfaStatus();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="mfa-enrolment-title"
      sx={{ p: 3, maxWidth: 640 }}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <PhonelinkLockIcon color="primary" />
          <Typography id="mfa-enrolment-title" component="h1" variant="h5">
            {t('profile.security.enrolment.title')}
          </Typography>
        </Stack>
        <Typography>{t('profile.security.enrolment.text')}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('profile.security.totpText')}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={enrolment.startTotp} disabled={!profile.data}>
            {t('profile.security.setUp')}
          </Button>
          {status.data?.passkeys_available && (
            <Button
              variant="outlined"
              startIcon={<KeyIcon />}
              onClick={enrolment.startPasskey}
              disabled={!profile.data}
            >
              {t('profile.security.passkeys.add')}
            </Button>
          )}
          <Button onClick={enrolment.signOut}>{t('profile.security.enrolment.signOut')}</Button>
        </Stack>
      </Stack>
      {enrolment.settingUp && profile.data && (
        <Suspense fallback={null}>
          {enrolment.settingUp === 'totp' ? (
            <TotpSetupDialog email={profile.data.email} onClose={enrolment.finish} />
          ) : (
            <AddPasskeyDialog email={profile.data.email} onClose={enrolment.finish} />
          )}
        </Suspense>
      )}
    </Paper>
  );
}

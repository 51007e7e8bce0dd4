import PhonelinkLockIcon from '@mui/icons-material/PhonelinkLock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECOVERY_CODE_COUNT } from '@pult/contract';
import { Suspense, useState } from 'react';
import { lazyWithRetry } from '../../../app/lazy-with-retry';
import { useTranslation } from '../../../i18n/use-translation';
import { PasskeysSection } from './passkeys-section';
import type { MfaProofAction } from './use-mfa-proof';
import { useMfaStatus } from './use-mfa-status';

// Each dialog is its own chunk: the QR encoder is downloaded only when a setup starts.
const TotpSetupDialog = lazyWithRetry(() => import('./totp-setup-dialog'));
const MfaProofDialog = lazyWithRetry(() => import('./mfa-proof-dialog'));

/** Below this many recovery codes the card suggests new ones. */
const FEW_RECOVERY_CODES = 3;

type OpenDialog = { kind: 'setup' } | { kind: 'proof'; action: MfaProofAction } | null;

/** Profile → Security: the authenticator's state, its setup and removal, new recovery codes, passkeys. */
export function SecurityCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const status = useMfaStatus();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  const on = status.data?.totp === true;
  const left = status.data?.recovery_codes_left ?? 0;
  // Recovery codes stand in for any factor, the authenticator or a passkey.
  const anyFactor = on || (status.data?.passkeys.length ?? 0) > 0;
  return (
    <Card variant="outlined" component="section" aria-labelledby="profile-security-title">
      <CardHeader
        title={t('profile.security.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'profile-security-title' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {status.isPending && <CircularProgress size={24} aria-label={t('app.loading')} />}
        {status.isError && <Alert severity="error">{t('profile.security.loadFailed')}</Alert>}
        {status.data && (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <PhonelinkLockIcon color="action" />
              <Typography sx={{ flexGrow: 1, fontWeight: 500 }}>{t('profile.security.totp')}</Typography>
              <Chip
                size="small"
                color={on ? 'success' : 'default'}
                label={t(on ? 'profile.security.on' : 'profile.security.off')}
                data-testid="totp-state"
              />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('profile.security.totpText')}
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {on ? (
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => setDialog({ kind: 'proof', action: 'remove' })}
                >
                  {t('profile.security.remove')}
                </Button>
              ) : (
                <Button variant="contained" onClick={() => setDialog({ kind: 'setup' })}>
                  {t('profile.security.setUp')}
                </Button>
              )}
            </Stack>
            <Divider />
            <PasskeysSection status={status.data} email={email} />
            {anyFactor && (
              <>
                <Divider />
                <Typography variant="body2" data-testid="recovery-left">
                  {t('profile.security.recoveryLeft', { count: left, total: RECOVERY_CODE_COUNT })}
                </Typography>
                {left < FEW_RECOVERY_CODES && (
                  <Alert severity="warning">{t('profile.security.recoveryLow')}</Alert>
                )}
                {on && (
                  <Button
                    variant="outlined"
                    onClick={() => setDialog({ kind: 'proof', action: 'regenerate' })}
                    sx={{ alignSelf: 'flex-start' }}
                  >
                    {t('profile.security.regenerate')}
                  </Button>
                )}
              </>
            )}
          </Stack>
        )}
      </CardContent>
      <Suspense fallback={null}>
        {dialog?.kind === 'setup' && <TotpSetupDialog email={email} onClose={close} />}
        {dialog?.kind === 'proof' && <MfaProofDialog action={dialog.action} email={email} onClose={close} />}
      </Suspense>
    </Card>
  );
}

import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useMemo } from 'react';
import { renderSVG } from 'uqr';
import { FormInputField } from '../../../forms/form-input-field';
import { useViewText } from '../../../forms/use-view-text';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { useCopyText } from '../../../ui/use-copy-text';
import { groupSecret, plainSecret } from './mfa-format';
import { RecoveryCodesView } from './recovery-codes-view';
import { useTotpSetup, validatePassword, validateTotpCode } from './use-totp-setup';

/**
 * Enrols the authenticator: the password, then the QR code and the secret with a code from the app,
 * then the recovery codes once. Loaded lazily with the QR encoder, so only this dialog pays for it.
 * After the password step it closes only by its buttons (a stray click must not lose the scanned
 * secret or the codes).
 */
export default function TotpSetupDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const viewText = useViewText();
  const titleId = useId();
  const setup = useTotpSetup();
  const { step, form } = setup;
  const showingCodes = step.kind === 'codes';
  const close = () => {
    if (!setup.busy) onClose();
  };
  return (
    <Dialog
      open
      // Once the QR code is shown a stray click or Escape must not throw away what the app has scanned
      // (nor, later, the recovery codes): from then on only the buttons close it.
      onClose={step.kind === 'password' ? close : undefined}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {t(showingCodes ? 'profile.security.codes.title' : 'profile.security.setup.title')}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={setup.submit}>
        <DialogContent sx={{ pt: 0 }}>
          {step.kind === 'password' && (
            <Stack spacing={2}>
              <Typography variant="body2">{t('profile.security.setup.passwordIntro')}</Typography>
              {/* The e-mail lets a password manager pick the right entry. */}
              <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
              <FormInputField
                form={form}
                name="password"
                rules={{ validate: validatePassword }}
                label={t('profile.security.setup.password')}
                type="password"
                autoComplete="current-password"
                autoFocus
              />
            </Stack>
          )}
          {step.kind === 'scan' && (
            <Stack spacing={2}>
              <Typography variant="body2">{t('profile.security.setup.scanIntro')}</Typography>
              <QrCode text={step.setup.otpauth_url} label={t('profile.security.setup.qrAlt')} />
              <SecretText secret={step.setup.secret} />
              <Typography variant="body2">{t('profile.security.setup.codeIntro')}</Typography>
              <FormInputField
                form={form}
                name="code"
                rules={{ validate: validateTotpCode }}
                label={t('profile.security.setup.code')}
                autoComplete="one-time-code"
                inputMode="numeric"
                autoFocus
              />
            </Stack>
          )}
          {step.kind === 'codes' && <RecoveryCodesView codes={step.codes} email={email} />}
          {setup.generalError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {viewText(setup.generalError)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {showingCodes ? (
            <Button variant="contained" onClick={onClose}>
              {t('profile.security.codes.done')}
            </Button>
          ) : (
            <>
              <Button onClick={close} disabled={setup.busy}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" variant="contained" loading={setup.busy}>
                {t(
                  step.kind === 'password'
                    ? 'profile.security.setup.continue'
                    : 'profile.security.setup.confirm',
                )}
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The otpauth:// URL as a QR code, drawn as an SVG image (dark on white, with its quiet zone). */
function QrCode({ text, label }: { text: string; label: string }) {
  const src = useMemo(
    () =>
      `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(text, { border: 2, pixelSize: 6 }))}`,
    [text],
  );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Box
        component="img"
        src={src}
        alt={label}
        data-testid="totp-qr"
        sx={{ width: 200, height: 200, imageRendering: 'pixelated', border: 1, borderColor: 'divider' }}
      />
    </Box>
  );
}

/** The secret for typing by hand, in groups of 4; Copy gives it without the spaces. */
function SecretText({ secret }: { secret: string }) {
  const { t } = useTranslation();
  const { canCopy, copied, copy } = useCopyText();
  const copySecret = async () => {
    if (!(await copy('secret', plainSecret(secret))))
      notifier.notify('error', t('profile.security.codes.copyFailed'));
  };
  return (
    <Box>
      <Typography variant="subtitle2" component="p">
        {t('profile.security.setup.secret')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', bgcolor: 'action.hover', borderRadius: 1, pl: 1.5, pr: 0.5, py: 0.5 }}
      >
        <Typography
          component="code"
          data-testid="totp-secret"
          sx={{
            fontFamily: 'monospace',
            fontSize: 15,
            flexGrow: 1,
            wordBreak: 'break-word',
            letterSpacing: 0.5,
          }}
        >
          {groupSecret(secret)}
        </Typography>
        {canCopy && (
          <Tooltip
            title={
              copied === 'secret'
                ? t('profile.security.codes.copied')
                : t('profile.security.setup.copySecret')
            }
          >
            <IconButton aria-label={t('profile.security.setup.copySecret')} onClick={() => void copySecret()}>
              {copied === 'secret' ? <CheckIcon color="success" /> : <ContentCopyIcon />}
            </IconButton>
          </Tooltip>
        )}
      </Stack>
    </Box>
  );
}

import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormInputField } from '../../forms/form-input-field';
import { useViewText } from '../../forms/use-view-text';
import { validateMfaValue } from './signin-mfa';
import { type SigninMfaOptions, useSigninMfa } from './use-signin-mfa';

/**
 * The sign-in's second step inside the sign-in card: the authenticator's code, a passkey, or a
 * recovery code.
 * Loaded only when the first step asks for it, so the sign-in screen's download stays as it was.
 */
export default function SigninMfaStep(props: SigninMfaOptions) {
  const { t } = useTranslation();
  const viewText = useViewText();
  const mfa = useSigninMfa(props);
  const totp = mfa.method === 'totp';
  // With passkeys and no authenticator app, the passkey leads and the recovery code is the fallback.
  const passkeyButton = (
    <Button
      variant={mfa.passkeyFirst ? 'contained' : 'outlined'}
      size="large"
      startIcon={<KeyIcon />}
      onClick={mfa.confirmWithPasskey}
      loading={mfa.passkeyBusy}
      disabled={mfa.submitting}
    >
      {t('login.mfa.usePasskey')}
    </Button>
  );
  return (
    <Box component="form" noValidate onSubmit={mfa.submit}>
      <Stack spacing={2}>
        {mfa.passkeyFirst && passkeyButton}
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          {t(totp ? 'login.mfa.codeIntro' : 'login.mfa.recoveryIntro')}
        </Typography>
        {totp ? (
          <FormInputField
            key="code"
            form={mfa.form}
            name="code"
            rules={{ validate: (value) => validateMfaValue('totp', value) }}
            label={t('login.mfa.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            autoFocus
          />
        ) : (
          <FormInputField
            key="recovery_code"
            form={mfa.form}
            name="recovery_code"
            rules={{ validate: (value) => validateMfaValue('recovery', value) }}
            label={t('login.mfa.recoveryCode')}
            autoComplete="off"
            autoFocus
          />
        )}
        {mfa.generalError && <Alert severity="error">{viewText(mfa.generalError)}</Alert>}
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={!mfa.canSubmit}
          loading={mfa.submitting}
        >
          {t('login.mfa.submit')}
        </Button>
        {mfa.canUsePasskey && !mfa.passkeyFirst && passkeyButton}
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Link component="button" type="button" variant="body2" onClick={mfa.back}>
            {t('login.mfa.back')}
          </Link>
          {mfa.canUseRecovery && (
            <Link component="button" type="button" variant="body2" onClick={mfa.switchMethod}>
              {t(totp ? 'login.mfa.useRecovery' : 'login.mfa.useCode')}
            </Link>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}

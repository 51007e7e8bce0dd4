import { usePublic } from '../../public-entry/public-context';
import { Alert } from '../../public-kit/alert';
import { Button } from '../../public-kit/button';
import { Icon } from '../../public-kit/icons';
import { TextField } from '../../public-kit/text-field';
import { type SigninMfaOptions, useSigninMfa } from './use-signin-mfa';

/**
 * The sign-in's second step inside the sign-in card: the authenticator's code, a passkey, or a
 * recovery code. Loaded only when the first step asks for it.
 */
export default function SigninMfaStep(props: SigninMfaOptions) {
  const { t, text } = usePublic();
  const mfa = useSigninMfa(props);
  const totp = mfa.method === 'totp';
  // With passkeys and no authenticator app, the passkey leads and the recovery code is the fallback.
  const passkeyButton = (
    <Button
      variant={mfa.passkeyFirst ? 'contained' : 'outlined'}
      onClick={mfa.confirmWithPasskey}
      loading={mfa.passkeyBusy}
      disabled={mfa.submitting}
    >
      <Icon name="key" size={20} />
      {t('login.mfa.usePasskey')}
    </Button>
  );
  return (
    <form noValidate onSubmit={mfa.submit} className="pk-stack">
      {mfa.passkeyFirst && passkeyButton}
      <p className="pk-centre">{t(totp ? 'login.mfa.codeIntro' : 'login.mfa.recoveryIntro')}</p>
      <TextField
        key={mfa.field}
        name={mfa.field}
        label={t(totp ? 'login.mfa.code' : 'login.mfa.recoveryCode')}
        autoComplete={totp ? 'one-time-code' : 'off'}
        inputMode={totp ? 'numeric' : undefined}
        autoFocus
        value={mfa.value}
        onChange={mfa.change}
        error={mfa.fieldError ? text(mfa.fieldError) : undefined}
      />
      {mfa.generalError && <Alert severity="error">{text(mfa.generalError)}</Alert>}
      <Button type="submit" disabled={!mfa.canSubmit} loading={mfa.submitting}>
        {t('login.mfa.submit')}
      </Button>
      {mfa.canUsePasskey && !mfa.passkeyFirst && passkeyButton}
      <div className="pk-row">
        <button type="button" className="pk-link" onClick={mfa.back}>
          {t('login.mfa.back')}
        </button>
        {mfa.canUseRecovery && (
          <button type="button" className="pk-link" onClick={mfa.switchMethod}>
            {t(totp ? 'login.mfa.useRecovery' : 'login.mfa.useCode')}
          </button>
        )}
      </div>
    </form>
  );
}

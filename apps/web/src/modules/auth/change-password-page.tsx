import { usePublic } from '../../public-entry/public-context';
import { Alert, Toast } from '../../public-kit/alert';
import { Button } from '../../public-kit/button';
import { TextField } from '../../public-kit/text-field';
import { PublicCard, ScreenLink } from './public-card';
import { useChangePassword } from './use-change-password';

/** Route `/change-password?code=…` (spec §2). */
export function ChangePasswordPage() {
  const { t, search, navigate } = usePublic();
  const code = new URLSearchParams(search).get('code') ?? '';
  return (
    <PublicCard title={t('changePassword.title')}>
      {code === '' ? (
        <Alert severity="error">{t('changePassword.linkInvalid')}</Alert>
      ) : (
        <ChangePasswordForm code={code} />
      )}
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <ScreenLink to="/" navigate={navigate}>
          {t('changePassword.backToLogin')}
        </ScreenLink>
      </div>
    </PublicCard>
  );
}

function ChangePasswordForm({ code }: { code: string }) {
  const { t, text } = usePublic();
  const form = useChangePassword(code);
  const errorOf = (field: 'code' | 'password' | 'password_repeat') => {
    const problem = form.errors[field];
    return problem ? text(problem) : undefined;
  };
  return (
    <form noValidate onSubmit={form.submit} className="pk-stack">
      {form.generalError && <Alert severity="error">{text(form.generalError)}</Alert>}
      <TextField
        label={t('changePassword.code')}
        name="code"
        value={code}
        onChange={() => undefined}
        readOnly
        error={errorOf('code')}
      />
      <TextField
        label={t('changePassword.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        autoFocus
        value={form.values.password}
        onChange={(value) => form.change('password', value)}
        error={errorOf('password')}
      />
      <TextField
        label={t('changePassword.passwordRepeat')}
        name="password_repeat"
        type="password"
        autoComplete="new-password"
        value={form.values.password_repeat}
        onChange={(value) => form.change('password_repeat', value)}
        error={errorOf('password_repeat')}
      />
      <Button type="submit" disabled={!form.canSubmit} loading={form.submitting}>
        {t('changePassword.submit')}
      </Button>
      {form.success && <Toast>{form.success}</Toast>}
    </form>
  );
}

import { usePublic } from '../../public-entry/public-context';
import { Alert, Toast } from '../../public-kit/alert';
import { Button } from '../../public-kit/button';
import { TextField } from '../../public-kit/text-field';
import { PublicCard, ScreenLink } from './public-card';
import { useRecoverPassword } from './use-recover-password';

/** Route `/recover-password` (spec §2). */
export function RecoverPasswordPage() {
  const { t, text, navigate } = usePublic();
  const recovery = useRecoverPassword();
  return (
    <PublicCard title={t('recover.title')} intro={t('recover.intro')}>
      <form noValidate onSubmit={recovery.submit} className="pk-stack">
        {recovery.generalError && <Alert severity="error">{text(recovery.generalError)}</Alert>}
        <TextField
          label={t('recover.email')}
          name="email"
          type="email"
          autoComplete="email"
          autoFocus
          value={recovery.email}
          onChange={recovery.change}
          error={recovery.errors.email ? text(recovery.errors.email) : undefined}
        />
        <Button type="submit" disabled={!recovery.canSubmit} loading={recovery.submitting}>
          {t('recover.submit')}
        </Button>
        <ScreenLink to="/" navigate={navigate}>
          {t('recover.backToLogin')}
        </ScreenLink>
      </form>
      {recovery.success && <Toast>{recovery.success}</Toast>}
    </PublicCard>
  );
}

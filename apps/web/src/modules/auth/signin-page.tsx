import { lazy, Suspense } from 'react';
import { LanguageMenu } from '../../public-entry/language-menu';
import { usePublic } from '../../public-entry/public-context';
import { Alert } from '../../public-kit/alert';
import { Button } from '../../public-kit/button';
import { Dialog } from '../../public-kit/dialog';
import { Icon } from '../../public-kit/icons';
import { TextField } from '../../public-kit/text-field';
import { PublicCard, PublicCopyright, ScreenLink } from './public-card';
import { SessionEndedNotice } from './session-ended-notice';
import { useSignin } from './use-signin';

// Only an admin with a second factor needs the second step's code.
const SigninMfaStep = lazy(() => import('./signin-mfa-step'));

/** Route `/`: the sign-in card (spec §2). */
export function SigninPage() {
  const { t, text, locale, config, navigate } = usePublic();
  const signin = useSignin();
  const { values, change, errors, inputs, challenge } = signin;
  // Back from the second step the e-mail is filled in: the password is what is asked again.
  const emailFilled = values.email !== '';
  const errorOf = (field: 'email' | 'password') => {
    const problem = errors[field];
    return problem ? text(problem) : undefined;
  };

  return (
    <PublicCard>
      <div style={{ display: 'flex', justifyContent: 'flex-end', margin: '-16px -16px 0 0' }}>
        <LanguageMenu />
      </div>
      <div className="pk-brand">
        <div className="pk-avatar">
          <Icon name="key" size={35} />
        </div>
        <p className="pk-app-name">{t('app.name').toLocaleUpperCase(locale)}</p>
        <h1 className="pk-subtitle">{t(challenge ? 'login.mfa.title' : 'login.title')}</h1>
      </div>
      <SessionEndedNotice />
      {challenge ? (
        <Suspense fallback={null}>
          <SigninMfaStep
            challenge={challenge}
            onSignedIn={signin.finish}
            onLeave={signin.leaveChallenge}
            onDialog={signin.showDialog}
          />
        </Suspense>
      ) : (
        <form noValidate onSubmit={signin.submit} onKeyDown={signin.submitOnEnter} className="pk-stack">
          <TextField
            label={t('login.email')}
            name="email"
            type="email"
            autoComplete="username"
            autoFocus={!emailFilled}
            value={values.email}
            onChange={(value) => change('email', value)}
            error={errorOf('email')}
            inputRef={inputs.email}
          />
          <TextField
            label={t('login.password')}
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus={emailFilled}
            value={values.password}
            onChange={(value) => change('password', value)}
            error={errorOf('password')}
            inputRef={inputs.password}
          />
          {signin.generalError && <Alert severity="error">{text(signin.generalError)}</Alert>}
          <Button type="submit" disabled={!signin.canSubmit} loading={signin.submitting}>
            {t('login.submit')}
          </Button>
          <ScreenLink to="/recover-password" navigate={navigate}>
            {t('login.forgot')}
          </ScreenLink>
        </form>
      )}
      <PublicCopyright companyName={config.companyName} />
      <Dialog
        text={signin.dialog ? text(signin.dialog) : null}
        title={t('login.error')}
        closeLabel={t('login.close')}
        onClose={signin.closeDialog}
      />
    </PublicCard>
  );
}

import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';
import { FormInputField } from '../../forms/form-input-field';
import { useViewText } from '../../forms/use-view-text';
import { LanguageMenu } from '../../i18n/language-menu';
import { useLocale } from '../../i18n/use-locale';
import { Copyright } from '../../ui/copyright';
import { useNeededOnce } from '../../ui/use-needed-once';
import { PublicLayout } from './public-layout';
import { SessionEndedNotice } from './session-ended-notice';
import { validateSigninEmail, validateSigninPassword } from './signin-rules';
import { useSignin } from './use-signin';

const ErrorDialog = lazyWithRetry(() => import('./error-dialog'));
const SigninMfaStep = lazyWithRetry(() => import('./signin-mfa-step'));

/** Route `/`: the sign-in card (spec §2). */
export default function SigninPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const viewText = useViewText();
  const signin = useSignin();
  const { form, submit, submitOnEnter, canSubmit, submitting, generalError, dialog, closeDialog } = signin;
  const { challenge } = signin;
  // Back from the second step the e-mail is filled in: the password is what is asked again.
  const emailFilled = form.getValues('email') !== '';
  const dialogNeeded = useNeededOnce(dialog !== null);

  return (
    <PublicLayout>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -2, mr: -2 }}>
        <LanguageMenu />
      </Box>
      <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
        <Avatar sx={{ bgcolor: 'primary.main', width: 56, height: 56 }}>
          <KeyIcon fontSize="large" />
        </Avatar>
        <Typography variant="h4" component="p" sx={{ fontWeight: 700, letterSpacing: 2 }}>
          {t('app.name').toLocaleUpperCase(locale)}
        </Typography>
        <Typography variant="h6" component="h1" color="text.secondary">
          {t(challenge ? 'login.mfa.title' : 'login.title')}
        </Typography>
      </Stack>
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
        <Box component="form" noValidate onSubmit={submit} onKeyDown={submitOnEnter}>
          <Stack spacing={2}>
            <FormInputField
              form={form}
              name="email"
              rules={{ validate: validateSigninEmail }}
              label={t('login.email')}
              type="email"
              autoComplete="username"
              autoFocus={!emailFilled}
            />
            <FormInputField
              form={form}
              name="password"
              rules={{ validate: validateSigninPassword }}
              label={t('login.password')}
              type="password"
              autoComplete="current-password"
              autoFocus={emailFilled}
            />
            {generalError && <Alert severity="error">{viewText(generalError)}</Alert>}
            <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={submitting}>
              {t('login.submit')}
            </Button>
            <Link component={RouterLink} to="/recover-password" variant="body2" sx={{ alignSelf: 'center' }}>
              {t('login.forgot')}
            </Link>
          </Stack>
        </Box>
      )}
      <Copyright sx={{ mt: 3, textAlign: 'center' }} />
      {dialogNeeded && (
        <Suspense fallback={null}>
          <ErrorDialog text={dialog ? viewText(dialog) : null} onClose={closeDialog} />
        </Suspense>
      )}
    </PublicLayout>
  );
}

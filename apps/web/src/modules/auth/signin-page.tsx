import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RECOVERY_PANEL_MAX_WIDTH } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { fieldErrorText } from '../../forms/field-error-text';
import { useViewText } from '../../forms/use-view-text';
import { LanguageMenu } from '../../i18n/language-menu';
import { useLocale } from '../../i18n/use-locale';
import { Copyright } from '../../ui/copyright';
import { ErrorDialog } from './error-dialog';
import { PublicLayout } from './public-layout';
import { validateSigninEmail, validateSigninPassword } from './signin-rules';
import { useSignin } from './use-signin';

/** Route `/`: the sign-in card (spec §2). */
export default function SigninPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const viewText = useViewText();
  const { form, submit, submitOnEnter, canSubmit, submitting, generalError, dialog, closeDialog } =
    useSignin();
  const { errors } = form.formState;

  return (
    <PublicLayout maxWidth={RECOVERY_PANEL_MAX_WIDTH}>
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
          {t('login.title')}
        </Typography>
      </Stack>
      <Box component="form" noValidate onSubmit={submit} onKeyDown={submitOnEnter}>
        <Stack spacing={2}>
          <TextField
            label={t('login.email')}
            type="email"
            autoComplete="username"
            autoFocus
            fullWidth
            {...form.register('email', { validate: validateSigninEmail })}
            error={Boolean(errors.email)}
            helperText={fieldErrorText(t, errors.email)}
          />
          <TextField
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            fullWidth
            {...form.register('password', { validate: validateSigninPassword })}
            error={Boolean(errors.password)}
            helperText={fieldErrorText(t, errors.password)}
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
      <Copyright sx={{ mt: 3, textAlign: 'center' }} />
      <ErrorDialog text={dialog ? viewText(dialog) : null} onClose={closeDialog} />
    </PublicLayout>
  );
}

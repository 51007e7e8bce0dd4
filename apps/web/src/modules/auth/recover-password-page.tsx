import Alert from '@mui/material/Alert';
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
import { PublicLayout } from './public-layout';
import { useRecoverPassword } from './use-recover-password';

/** The recovery form says "Email is required" where other forms say "This field is required" (spec §5). */
const EMAIL_ERROR_KEYS = { required: 'validation.emailRequired' };

/** Route `/recover-password` (spec §2). */
export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  const viewText = useViewText();
  const { form, submit, canSubmit, submitting, generalError } = useRecoverPassword();
  const { errors } = form.formState;

  return (
    <PublicLayout maxWidth={RECOVERY_PANEL_MAX_WIDTH}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h5" component="h1">
          {t('recover.title')}
        </Typography>
        <LanguageMenu />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        {t('recover.intro')}
      </Typography>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {generalError && <Alert severity="error">{viewText(generalError)}</Alert>}
          <TextField
            label={t('recover.email')}
            type="email"
            autoComplete="email"
            autoFocus
            fullWidth
            {...form.register('email')}
            error={Boolean(errors.email)}
            helperText={fieldErrorText(t, errors.email, EMAIL_ERROR_KEYS)}
          />
          <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={submitting}>
            {t('recover.submit')}
          </Button>
          <Link component={RouterLink} to="/" variant="body2" sx={{ alignSelf: 'center' }}>
            {t('recover.backToLogin')}
          </Link>
        </Stack>
      </Box>
    </PublicLayout>
  );
}

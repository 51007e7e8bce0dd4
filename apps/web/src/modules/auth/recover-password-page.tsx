import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormInputField } from '../../forms/form-input-field';
import { useViewText } from '../../forms/use-view-text';
import { PublicLayout } from './public-layout';
import { useRecoverPassword } from './use-recover-password';

/** The recovery form says "Email is required" where other forms say "This field is required" (spec §5). */
const EMAIL_ERROR_KEYS = { required: 'validation.emailRequired' };

/** Route `/recover-password` (spec §2). */
export default function RecoverPasswordPage() {
  const { t } = useTranslation();
  const viewText = useViewText();
  const { form, submit, canSubmit, submitting, generalError } = useRecoverPassword();

  return (
    <PublicLayout title={t('recover.title')} intro={t('recover.intro')}>
      <Box component="form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {generalError && <Alert severity="error">{viewText(generalError)}</Alert>}
          <FormInputField
            form={form}
            name="email"
            errorKeys={EMAIL_ERROR_KEYS}
            label={t('recover.email')}
            type="email"
            autoComplete="email"
            autoFocus
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

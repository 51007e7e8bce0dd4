import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { RECOVERY_PANEL_MAX_WIDTH } from '@pult/contract';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { fieldErrorText } from '../../forms/field-error-text';
import { useViewText } from '../../forms/use-view-text';
import { LanguageMenu } from '../../i18n/language-menu';
import { PublicLayout } from './public-layout';
import { useChangePassword } from './use-change-password';

/** Route `/change-password?code=…` (spec §2). */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const code = useSearchParams()[0].get('code') ?? '';
  return (
    <PublicLayout maxWidth={RECOVERY_PANEL_MAX_WIDTH}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 3 }}>
        <Typography variant="h5" component="h1">
          {t('changePassword.title')}
        </Typography>
        <LanguageMenu />
      </Stack>
      {code === '' ? (
        <Alert severity="error">{t('validation.invalidCode')}</Alert>
      ) : (
        <ChangePasswordForm code={code} />
      )}
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Link component={RouterLink} to="/" variant="body2">
          {t('changePassword.backToLogin')}
        </Link>
      </Box>
    </PublicLayout>
  );
}

function ChangePasswordForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const viewText = useViewText();
  const { form, submit, canSubmit, submitting, generalError } = useChangePassword(code);
  const { errors } = form.formState;
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {generalError && <Alert severity="error">{viewText(generalError)}</Alert>}
        <TextField
          label={t('changePassword.code')}
          fullWidth
          {...form.register('code')}
          slotProps={{ htmlInput: { readOnly: true } }}
          error={Boolean(errors.code)}
          helperText={fieldErrorText(t, errors.code)}
        />
        <TextField
          label={t('changePassword.password')}
          type="password"
          autoComplete="new-password"
          autoFocus
          fullWidth
          {...form.register('password')}
          error={Boolean(errors.password)}
          helperText={fieldErrorText(t, errors.password)}
        />
        <TextField
          label={t('changePassword.passwordRepeat')}
          type="password"
          autoComplete="new-password"
          fullWidth
          {...form.register('password_repeat')}
          error={Boolean(errors.password_repeat)}
          helperText={fieldErrorText(t, errors.password_repeat)}
        />
        <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={submitting}>
          {t('changePassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

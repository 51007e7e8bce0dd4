import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FormInputField } from '../../forms/form-input-field';
import { useViewText } from '../../forms/use-view-text';
import { PublicLayout } from './public-layout';
import { useChangePassword } from './use-change-password';

/** Route `/change-password?code=…` (spec §2). */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const code = useSearchParams()[0].get('code') ?? '';
  return (
    <PublicLayout title={t('changePassword.title')}>
      {code === '' ? (
        <Alert severity="error">{t('errors.codeInvalid')}</Alert>
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
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Stack spacing={2}>
        {generalError && <Alert severity="error">{viewText(generalError)}</Alert>}
        <FormInputField form={form} name="code" label={t('changePassword.code')} readOnly />
        <FormInputField
          form={form}
          name="password"
          label={t('changePassword.password')}
          type="password"
          autoComplete="new-password"
          autoFocus
        />
        <FormInputField
          form={form}
          name="password_repeat"
          label={t('changePassword.passwordRepeat')}
          type="password"
          autoComplete="new-password"
        />
        <Button type="submit" variant="contained" size="large" disabled={!canSubmit} loading={submitting}>
          {t('changePassword.submit')}
        </Button>
      </Stack>
    </Box>
  );
}

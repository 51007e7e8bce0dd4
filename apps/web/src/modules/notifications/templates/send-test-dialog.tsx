import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LOCALES, type Locale } from '@pult/contract';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import type { useSendTest } from './use-send-test';

/** Sends the saved template to a typed address, through the queue. */
export function SendTestDialog({ test, dirty }: { test: ReturnType<typeof useSendTest>; dirty: boolean }) {
  const { t } = useTranslation();
  const titleId = useId();
  const formId = useId();
  return (
    <Dialog open={test.open} onClose={test.close} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('notifications.templates.test.title')}</DialogTitle>
      <DialogContent>
        <Stack
          component="form"
          id={formId}
          noValidate
          spacing={2}
          onSubmit={(event) => {
            event.preventDefault();
            test.submit();
          }}
        >
          <DialogContentText>{t('notifications.templates.test.text')}</DialogContentText>
          {dirty && <Alert severity="warning">{t('notifications.templates.test.unsaved')}</Alert>}
          <TextField
            autoFocus
            fullWidth
            required
            type="email"
            label={t('notifications.templates.test.to')}
            value={test.to}
            onChange={(event) => test.setTo(event.target.value)}
            error={test.error !== undefined}
            helperText={test.error}
          />
          <TextField
            select
            fullWidth
            label={t('notifications.templates.test.language')}
            value={test.language}
            onChange={(event) => test.setLanguage(event.target.value as Locale)}
          >
            {LOCALES.map((locale) => (
              <MenuItem key={locale} value={locale}>
                {t(`notifications.translations.language.${locale}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={test.close} disabled={test.sending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          form={formId}
          variant="contained"
          loading={test.sending}
          disabled={test.to.trim() === ''}
        >
          {t('notifications.templates.test.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

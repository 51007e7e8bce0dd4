import CableIcon from '@mui/icons-material/Cable';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n/use-translation';
import type { ConfigScreen } from './config-screens';
import type { ConfigTest } from './use-config-test';

/**
 * The side panel of a configuration form: try the typed values before (or after) saving them. Each
 * of "test connection" and "send test" shows when the admin's grants allow it.
 */
export function ConfigTestPanel({
  screen,
  test,
  canCheck,
  canSendTest,
}: {
  screen: ConfigScreen;
  test: ConfigTest;
  canCheck: boolean;
  canSendTest: boolean;
}) {
  const { t } = useTranslation();
  const busy = test.running !== undefined;
  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h2">
        {t('notifications.configs.test.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('notifications.configs.test.text')}
      </Typography>
      {canCheck && (
        <Button
          variant="outlined"
          startIcon={<CableIcon />}
          onClick={test.check}
          disabled={busy}
          loading={test.running === 'check'}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('notifications.configs.test.check')}
        </Button>
      )}
      {canSendTest && (
        <TextField
          label={t(`notifications.configs.test.${screen.toLabel}`)}
          value={test.to}
          onChange={(event) => test.setTo(event.target.value)}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      )}
      {canSendTest && (
        <Button
          variant="outlined"
          startIcon={<SendIcon />}
          onClick={test.send}
          disabled={busy || test.to.trim() === ''}
          loading={test.running === 'send'}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('notifications.configs.test.send')}
        </Button>
      )}
      {test.result && (
        <Alert severity={test.result.ok ? 'success' : 'error'} role="status" data-testid="config-test-result">
          <AlertTitle>
            {test.result.ok ? t('notifications.configs.test.ok') : t('notifications.configs.test.failed')}
          </AlertTitle>
          <Typography variant="body2" sx={{ fontFamily: 'monospace', wordBreak: 'break-word' }}>
            {test.result.message}
          </Typography>
        </Alert>
      )}
    </Stack>
  );
}

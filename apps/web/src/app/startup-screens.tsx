import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../i18n/use-translation';
import { PageLoading } from '../ui/page-loading';

/** While /config.json loads and the session starts. */
export function StartupLoading() {
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <PageLoading />
    </Box>
  );
}

/** The panel cannot run without its configuration; offer a retry instead of a blank page. */
export function StartupError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('app.configFailed')}
      </Alert>
    </Box>
  );
}

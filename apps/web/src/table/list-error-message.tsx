import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n/use-translation';

export interface ListErrorMessageProps {
  /** The server named faulty filters; their texts are shown under them. */
  hasFilterErrors: boolean;
  /** The server's own text about the failure, if any. */
  general: string | null;
  onRetry: () => void;
}

/** Why the list did not load, with a retry when retrying may help. */
export function ListErrorMessage({ hasFilterErrors, general, onRetry }: ListErrorMessageProps) {
  const { t } = useTranslation();
  // The server refused a filter: the message is under that filter, and retrying would fail again.
  if (hasFilterErrors && general === null) {
    return (
      <Alert severity="warning" sx={{ display: 'inline-flex', textAlign: 'left' }}>
        {t('table.invalidFilters')}
      </Alert>
    );
  }
  return (
    <Alert
      severity="error"
      sx={{ display: 'inline-flex', textAlign: 'left', alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" startIcon={<RefreshIcon />} onClick={onRetry}>
          {t('table.retry')}
        </Button>
      }
    >
      {t('common.loadFailed')}
      {general && (
        <Typography variant="body2" component="span" sx={{ display: 'block' }}>
          {general}
        </Typography>
      )}
    </Alert>
  );
}

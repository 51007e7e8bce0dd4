import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiKeys } from './use-api-keys';

/** The services' current API keys, known by their first characters only. */
export function ApiKeysList() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const { keys, loading, failed } = useApiKeys();
  if (loading) return <CircularProgress size={24} aria-label={t('app.loading')} />;
  if (failed) return <Alert severity="error">{t('common.loadFailed')}</Alert>;
  if (keys.length === 0) {
    return <Typography color="text.secondary">{t('settings.apiKeys.empty')}</Typography>;
  }
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('settings.apiKeys.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('settings.apiKeys.serviceColumn')}</TableCell>
            <TableCell>{t('settings.apiKeys.prefix')}</TableCell>
            <TableCell>{t('common.fields.created_at')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {keys.map((key) => (
            <TableRow key={key.service}>
              <TableCell>{t(`settings.apiKeys.service.${key.service}`)}</TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{`${key.prefix}…`}</TableCell>
              <TableCell>{formatDateTime(key.created_at, locale, zone)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

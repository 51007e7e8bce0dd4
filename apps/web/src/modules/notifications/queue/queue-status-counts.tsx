import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { EMAIL_STATUSES, type EmailStatus } from '@pult/contract';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useQueueCounts } from './use-queue-counts';

const COLORS: Record<EmailStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  pending: 'info',
  processing: 'warning',
  sent: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** Counts by status above the queue; a click filters the table by that status (another click clears it). */
export function QueueStatusCounts({
  selected,
  onSelect,
}: {
  selected: string | undefined;
  onSelect: (status: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const counts = useQueueCounts();
  const format = new Intl.NumberFormat(locale);
  return (
    <Box component="section" aria-label={t('notifications.queue.counts')} sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        {EMAIL_STATUSES.map((status) =>
          counts.data ? (
            <Chip
              key={status}
              color={COLORS[status]}
              variant={selected === status ? 'filled' : 'outlined'}
              label={`${t(`notifications.queue.status.${status}`)}: ${format.format(counts.data[status])}`}
              onClick={() => onSelect(selected === status ? '' : status)}
              aria-pressed={selected === status}
            />
          ) : (
            <Skeleton key={status} variant="rounded" width={110} height={32} />
          ),
        )}
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {t('notifications.queue.countsRefreshed')}
        </Typography>
      </Box>
    </Box>
  );
}

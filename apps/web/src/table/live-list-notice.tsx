import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../i18n/use-translation';
import { visuallyHidden } from '../ui/visually-hidden';
import type { LiveList } from './use-live-list';

/**
 * "N new — show" and "This list has changed — show" above the table: the list does not move by
 * itself, the administrator chooses when. The count is also announced politely to screen readers
 * (the region stays mounted, so the announcement is not lost on first appearance).
 */
export function LiveListNotice({ live }: { live: LiveList }) {
  const { t } = useTranslation();
  const announce = live.changed
    ? t('live.list.changedAnnounce')
    : live.newCount > 0
      ? t('live.list.newAnnounce', { count: live.newCount })
      : '';
  return (
    <>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announce}
      </Box>
      {(live.changed || live.newCount > 0) && (
        <Box sx={{ display: 'flex', justifyContent: 'center', gap: 1, px: 2, pb: 1, flexWrap: 'wrap' }}>
          {live.changed ? (
            <Button size="small" variant="outlined" startIcon={<RefreshIcon />} onClick={live.reload}>
              {t('live.list.changed')}
            </Button>
          ) : (
            <Button size="small" variant="outlined" startIcon={<ArrowUpwardIcon />} onClick={live.showNew}>
              {t('live.list.newRecords', { count: live.newCount })}
            </Button>
          )}
        </Box>
      )}
    </>
  );
}

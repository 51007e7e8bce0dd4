import Chip from '@mui/material/Chip';
import type { ScheduleRun, ScheduleRunStatus } from '@pult/contract';
import type { TFunction } from '../../../i18n/i18n';
import { useTranslation } from '../../../i18n/use-translation';

const COLORS: Record<ScheduleRunStatus, 'success' | 'warning' | 'default' | 'error'> = {
  sent: 'success',
  partial: 'warning',
  skipped: 'default',
  failed: 'error',
};

/** How a run ended, in words and colour (the words carry it: colour alone says nothing to some). */
export function RunStatusChip({ status }: { status: ScheduleRunStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status]} label={t(`reports.schedules.status.${status}`)} />;
}

/**
 * Why a run sent less than it was asked to: its error, or who was skipped and why (the owner sees
 * names and reasons; others, how many).
 */
export function runNote(
  t: TFunction,
  run: ScheduleRun,
  nameOf: (id: number) => string = (id) => `#${id}`,
): string {
  if (run.error) return t(`reports.schedules.errors.${run.error}`);
  if (run.skipped.length > 0)
    return run.skipped
      .map((skip) => `${nameOf(skip.id)}: ${t(`reports.schedules.skip.${skip.reason}`)}`)
      .join('; ');
  return run.skipped_count > 0 ? t('reports.schedules.skippedCount', { count: run.skipped_count }) : '';
}

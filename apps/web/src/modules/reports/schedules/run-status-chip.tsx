import Chip from '@mui/material/Chip';
import type { ScheduleRunStatus } from '@pult/contract';
import { useTranslation } from 'react-i18next';

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

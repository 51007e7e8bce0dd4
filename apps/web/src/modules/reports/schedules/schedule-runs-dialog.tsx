import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReportSchedule } from '@pult/contract';
import { useId } from 'react';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { RunStatusChip, runNote } from './run-status-chip';
import { useScheduleRuns } from './schedules-api';

/** A schedule's history: each run, when it was due, how it ended, who got it and who did not, and why. */
export function ScheduleRunsDialog({ schedule, onClose }: { schedule: ReportSchedule; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const titleId = useId();
  const runs = useScheduleRuns(schedule.id);
  const nameOf = (id: number) => {
    const index = (schedule.recipients ?? []).indexOf(id);
    return schedule.recipient_names?.[index] ?? `#${id}`;
  };
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {t('reports.schedules.runsTitle', { name: schedule.saved_report_name })}
      </DialogTitle>
      <DialogContent>
        {runs.isPending && <CircularProgress size={24} aria-label={t('app.loading')} />}
        {runs.isError && <Alert severity="error">{t('common.loadFailed')}</Alert>}
        {runs.data?.items.length === 0 && (
          <Typography color="text.secondary">{t('reports.schedules.noRuns')}</Typography>
        )}
        {runs.data && runs.data.items.length > 0 && (
          <Box sx={{ overflowX: 'auto' }}>
            <Table size="small" aria-labelledby={titleId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('reports.schedules.runs.slot')}</TableCell>
                  <TableCell>{t('reports.schedules.runs.status')}</TableCell>
                  <TableCell align="right">{t('reports.schedules.runs.sent')}</TableCell>
                  <TableCell>{t('reports.schedules.runs.notes')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {runs.data.items.map((run) => (
                  <TableRow key={run.id}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(run.slot, locale, zone)}
                      {run.manual && (
                        <Chip
                          size="small"
                          variant="outlined"
                          sx={{ ml: 1 }}
                          label={t('reports.schedules.manual')}
                        />
                      )}
                    </TableCell>
                    <TableCell>
                      <RunStatusChip status={run.status} />
                    </TableCell>
                    <TableCell align="right">{run.sent}</TableCell>
                    <TableCell>{runNote(t, run, nameOf)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('reports.schedules.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

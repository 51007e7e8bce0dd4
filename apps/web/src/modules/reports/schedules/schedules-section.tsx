import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import HistoryIcon from '@mui/icons-material/History';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type ReportSchedule, scheduleSummary } from '@pult/contract';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useCan } from '../../../access/use-permissions';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { visuallyHidden } from '../../../ui/visually-hidden';
import { RunStatusChip, runNote } from './run-status-chip';
import { REPORT_SCHEDULES, useDeleteSchedule, useSchedules, useSendNow } from './schedules-api';

// Opened on demand: the index's load pays for neither the form nor the history.
const ScheduleDialog = lazy(() =>
  import('./schedule-dialog').then((module) => ({ default: module.ScheduleDialog })),
);
const ScheduleRunsDialog = lazy(() =>
  import('./schedule-runs-dialog').then((module) => ({ default: module.ScheduleRunsDialog })),
);

/** Which dialog is open: a new schedule (for a saved report, maybe), a change, or a history. */
export type ScheduleDialogState =
  | { kind: 'new'; savedReportId?: number }
  | { kind: 'edit'; schedule: ReportSchedule }
  | { kind: 'runs'; schedule: ReportSchedule }
  | undefined;

/** The dialogs the section and the saved reports' "Schedule" buttons open. */
export function ScheduleDialogs({ state, onClose }: { state: ScheduleDialogState; onClose: () => void }) {
  if (!state) return null;
  return (
    <Suspense fallback={null}>
      {state.kind === 'new' && (
        <ScheduleDialog
          {...(state.savedReportId ? { savedReportId: state.savedReportId } : {})}
          onClose={onClose}
        />
      )}
      {state.kind === 'edit' && <ScheduleDialog schedule={state.schedule} onClose={onClose} />}
      {state.kind === 'runs' && <ScheduleRunsDialog schedule={state.schedule} onClose={onClose} />}
    </Suspense>
  );
}

/**
 * The Reports index's scheduled e-mails: each saved report's deliveries with when they run next and
 * how the last run went; their owners change, send now, pause or delete them.
 */
export function SchedulesSection({ onOpen }: { onOpen: (state: ScheduleDialogState) => void }) {
  const { t } = useTranslation();
  const schedules = useSchedules();
  const mayList = useCan(REPORT_SCHEDULES, 'list');
  const mayCreate = useCan(REPORT_SCHEDULES, 'create');
  if (!mayList) return null;
  const items = schedules.data?.items ?? [];
  return (
    <>
      <Stack direction="row" sx={{ mt: 4, mb: 2, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h5" component="h2">
          {t('reports.schedules.title')}
        </Typography>
        {mayCreate && (
          <Button startIcon={<AddIcon />} onClick={() => onOpen({ kind: 'new' })}>
            {t('reports.schedules.add')}
          </Button>
        )}
      </Stack>
      {schedules.isError && <Alert severity="error">{t('reports.schedules.failed')}</Alert>}
      {schedules.isSuccess && items.length === 0 && (
        <Typography color="text.secondary">{t('reports.schedules.none')}</Typography>
      )}
      {items.length > 0 && (
        <Card variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('reports.schedules.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('reports.schedules.fields.saved_report')}</TableCell>
                <TableCell>{t('reports.schedules.fields.when')}</TableCell>
                <TableCell>{t('reports.schedules.fields.recipients')}</TableCell>
                <TableCell>{t('reports.schedules.fields.next_run_at')}</TableCell>
                <TableCell>{t('reports.schedules.fields.last_run')}</TableCell>
                <TableCell align="right">
                  <Box component="span" sx={visuallyHidden}>
                    {t('reports.schedules.actions')}
                  </Box>
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((schedule) => (
                <ScheduleRow key={schedule.id} schedule={schedule} onOpen={onOpen} />
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
    </>
  );
}

function ScheduleRow({
  schedule,
  onOpen,
}: {
  schedule: ReportSchedule;
  onOpen: (state: ScheduleDialogState) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteSchedule();
  const sendNow = useSendNow();
  const mayUpdate = useCan(REPORT_SCHEDULES, 'update') && schedule.mine;
  const mayDelete = useCan(REPORT_SCHEDULES, 'delete') && schedule.mine;
  const maySend = useCan(REPORT_SCHEDULES, 'report-schedules.send-now') && schedule.mine;
  const name = schedule.saved_report_name;
  const action = (label: string, icon: ReactNode, onClick: () => void, busy = false) => (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" aria-label={label} onClick={onClick} disabled={busy}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
  const send = () =>
    sendNow.mutate(schedule.id, {
      onSuccess: (run) =>
        run.sent > 0
          ? notifier.notify(
              run.status === 'sent' ? 'success' : 'info',
              [t('reports.schedules.sentNow', { count: run.sent }), runNote(t, run)]
                .filter(Boolean)
                .join('. '),
            )
          : notifier.notify('error', runNote(t, run) || t('reports.schedules.status.skipped')),
    });
  return (
    <TableRow>
      <TableCell>
        {name}
        {!schedule.mine && (
          <Typography variant="body2" color="text.secondary">
            {t('reports.schedules.by', { owner: schedule.owner_name })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        {schedule.enabled ? scheduleSummary(schedule, locale) : t('reports.schedules.pausedShort')}
      </TableCell>
      <TableCell>{(schedule.recipient_names ?? []).join(', ')}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {schedule.next_run_at ? formatDateTime(schedule.next_run_at, locale, zone) : t('common.none')}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {schedule.last_run ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <RunStatusChip status={schedule.last_run.status} />
            <span>{formatDateTime(schedule.last_run.started_at, locale, zone)}</span>
          </Stack>
        ) : (
          t('reports.schedules.never')
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {maySend && action(t('reports.schedules.sendNow', { name }), <SendIcon />, send, sendNow.isPending)}
        {action(t('reports.schedules.history', { name }), <HistoryIcon />, () =>
          onOpen({ kind: 'runs', schedule }),
        )}
        {mayUpdate &&
          action(t('reports.schedules.edit', { name }), <EditIcon />, () =>
            onOpen({ kind: 'edit', schedule }),
          )}
        {mayDelete &&
          action(t('reports.schedules.delete', { name }), <DeleteIcon />, () => setConfirming(true))}
        <ConfirmDialog
          open={confirming}
          title={t('reports.schedules.deleteTitle')}
          text={t('reports.schedules.deleteText', { name })}
          confirmLabel={t('table.delete')}
          destructive
          busy={remove.isPending}
          onConfirm={() => remove.mutate(schedule.id, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        />
      </TableCell>
    </TableRow>
  );
}

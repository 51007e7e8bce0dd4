import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { LogRecord, ResourceDescriptor } from '@pult/contract';
import { type ReactNode, useId } from 'react';
import { RecordStateView } from '../../../forms/resource-form/record-state-view';
import { useRecord } from '../../../forms/resource-form/use-record';
import { formatDateTime } from '../../../i18n/format-date';
import { useTimeZone } from '../../../i18n/time-zone-store';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { LevelChip } from './level-chip';

export interface LogRecordDialogProps {
  resource: ResourceDescriptor;
  id: number | null;
  onClose: () => void;
}

/** One log or error in full: its fields, the stack trace as sent and the context as formatted JSON. */
export function LogRecordDialog({ resource, id, onClose }: LogRecordDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const state = useRecord<LogRecord & { group_id?: number }>(resource, id);
  return (
    <Dialog open={id !== null} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('storage.logs.recordTitle', { id: id ?? '' })}</DialogTitle>
      <DialogContent dividers>
        {state.status === 'ready' ? <RecordBody record={state.record} /> : <RecordStateView state={state} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{t('storage.logs.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function RecordBody({ record }: { record: LogRecord & { group_id?: number } }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <LevelChip level={record.level} />
        <Chip size="small" variant="outlined" label={`${t('storage.fields.service')}: ${record.service}`} />
        <Chip
          size="small"
          variant="outlined"
          label={`${t('storage.fields.environment')}: ${record.environment}`}
        />
        {record.group_id !== undefined && (
          <Chip
            size="small"
            variant="outlined"
            label={t('storage.errors.groupFilter', { id: record.group_id })}
          />
        )}
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mb: 2 }}>
        {record.message}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, mb: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('storage.fields.created_at')}
        </Typography>
        <Typography variant="body2">{formatDateTime(record.created_at, locale, zone)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('storage.fields.received_at')}
        </Typography>
        <Typography variant="body2">{formatDateTime(record.received_at, locale, zone)}</Typography>
      </Box>
      <Section title={t('storage.fields.trace_log')}>
        {record.trace_log ? <Code>{record.trace_log}</Code> : <Empty>{t('storage.logs.noTrace')}</Empty>}
      </Section>
      <Section title={t('storage.fields.context')}>
        {record.context === null || record.context === undefined ? (
          <Empty>{t('storage.logs.noContext')}</Empty>
        ) : (
          <Code>{JSON.stringify(record.context, null, 2)}</Code>
        )}
      </Section>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Code({ children }: { children: string }) {
  return (
    <Box
      component="pre"
      sx={{
        m: 0,
        p: 1.5,
        bgcolor: 'grey.100',
        borderRadius: 1,
        fontSize: 12,
        lineHeight: 1.5,
        overflow: 'auto',
        maxHeight: 320,
      }}
    >
      {children}
    </Box>
  );
}

function Empty({ children }: { children: string }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}

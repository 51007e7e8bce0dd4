import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  type AuditEntry,
  auditResource,
  type FormFieldDescriptor,
  permissionResourceOf,
} from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useCan } from '../../access/use-permissions';
import { useServices } from '../../app/services-context';
import { formatDateTime } from '../../i18n/format-date';
import { useTimeZone } from '../../i18n/time-zone-store';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { fetchList, type RecordId } from '../../resources/resource-api';
import { useLookup } from '../../resources/use-lookup';
import type { TextKey } from '../view-text';
import { allChoices, type ConflictRow, type ConflictSide, defaultChoices } from './conflict';
import type { FormValues } from './form-values';
import { lastChangeOf } from './last-change';
import { type RecordNews, sameVersion } from './live-record';

/** A value as the administrator knows it, for a field the form shows its own way. */
export type ValueFormatter = (field: FormFieldDescriptor, value: unknown) => ReactNode | undefined;

export interface RecordConflictDialogProps {
  open: boolean;
  rows: readonly ConflictRow[];
  /** Whole value sets, for a value that depends on another field (a city shown within its country). */
  values: { base: FormValues; yours: FormValues; theirs: FormValues };
  /** The record, to name who changed it from the audit log. */
  resource: string;
  recordId: RecordId | undefined;
  /** The record's version now (the refused save's or the compared one's). */
  version: string | null;
  /** What the live stream told the open form of the record's last change (`useLiveRecord`'s news). */
  news: RecordNews | null;
  onResolve: (choices: Record<string, ConflictSide>) => void;
  /**
   * Shows a value no input kind describes (a group's grants): undefined leaves it to the field's kind.
   */
  formatValue?: ValueFormatter;
  /** Closes without a choice: the form keeps what was typed, and the next save asks again. */
  onClose: () => void;
}

/**
 * A save was refused because another administrator saved the record first (412). Field by field it
 * shows what the form opened, what the administrator typed and what the record holds now; they keep
 * theirs, take the other's, or choose per field, and the form is then filled accordingly.
 */
export function RecordConflictDialog(props: RecordConflictDialogProps) {
  const { open, rows, values, onResolve, onClose, formatValue } = props;
  const { t } = useTranslation();
  const titleId = useId();
  const [choices, setChoices] = useState(() => defaultChoices(rows));
  // A new conflict (another refused save) starts from its own defaults.
  useEffect(() => setChoices(defaultChoices(rows)), [rows]);
  const choose = (name: string, side: ConflictSide) =>
    setChoices((current) => ({ ...current, [name]: side }));

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('form.conflict.title')}</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('form.conflict.intro')}{' '}
          <LastChangeText
            resource={props.resource}
            recordId={props.recordId}
            version={props.version}
            news={props.news}
            open={open}
          />
        </Alert>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('form.conflict.pickHint')}
        </Typography>
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '22%' }}>{t('form.conflict.field')}</TableCell>
                <TableCell sx={{ width: '26%' }}>{t('form.conflict.base')}</TableCell>
                <TableCell sx={{ width: '26%' }}>{t('form.conflict.yours')}</TableCell>
                <TableCell sx={{ width: '26%' }}>{t('form.conflict.theirs')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const name = row.field.name;
                const label = t(row.field.label as TextKey);
                return (
                  <TableRow key={name} data-field={name}>
                    <TableCell component="th" scope="row">
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {label}
                      </Typography>
                      {row.clash && (
                        <Chip
                          size="small"
                          color="warning"
                          variant="outlined"
                          label={t('form.conflict.clash')}
                        />
                      )}
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary' }}>
                      <FieldValue
                        field={row.field}
                        value={row.base}
                        values={values.base}
                        format={formatValue}
                      />
                    </TableCell>
                    {(['yours', 'theirs'] as const).map((side) => (
                      <TableCell key={side}>
                        <FormControlLabel
                          sx={{ m: 0, ml: -1 }}
                          control={
                            <Radio
                              size="small"
                              name={`conflict-${name}`}
                              checked={choices[name] === side}
                              onChange={() => choose(name, side)}
                              slotProps={{
                                input: { 'aria-label': `${label}: ${t(`form.conflict.${side}`)}` },
                              }}
                            />
                          }
                          label={
                            <FieldValue
                              field={row.field}
                              value={row[side]}
                              values={values[side]}
                              format={formatValue}
                            />
                          }
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1, px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('form.conflict.later')}</Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={() => onResolve(allChoices(rows, 'yours'))}>{t('form.conflict.keepMine')}</Button>
        <Button onClick={() => onResolve(allChoices(rows, 'theirs'))}>{t('form.conflict.takeTheirs')}</Button>
        <Button variant="contained" onClick={() => onResolve(choices)}>
          {t('form.conflict.apply')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "Changed by … at …": the live stream's news of the change when it has some, else the record's latest
 * audit entry (asked only when the administrator may read the audit log, so a refusal never shows a
 * notice; a failure just leaves the sentence out); without either, that the author is not known.
 */
function LastChangeText({
  resource,
  recordId,
  version,
  news,
  open,
}: {
  resource: string;
  recordId?: RecordId;
  version: string | null;
  news: RecordNews | null;
  open: boolean;
}) {
  const { t } = useTranslation();
  const services = useServices();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const canReadAudit = useCan(permissionResourceOf(auditResource), 'list');
  // News of this very version is the answer: the audit log need not be asked.
  const newsIsCurrent = news?.kind === 'changed' && sameVersion(news.version, version);
  const query = useQuery({
    queryKey: ['record-last-change', resource, String(recordId)],
    queryFn: ({ signal }) =>
      fetchList<AuditEntry>(
        services,
        auditResource,
        {
          page: 1,
          perPage: 5,
          sort: [{ field: 'created_at', direction: 'desc' }],
          filters: { resource, record_id: String(recordId) },
        },
        signal,
      ),
    enabled: open && canReadAudit && recordId !== undefined && !newsIsCurrent,
    staleTime: 0,
    retry: false,
  });
  const change = lastChangeOf({
    news,
    version,
    audit: query.isSuccess ? (query.data.items[0] ?? null) : undefined,
    canReadAudit,
  });
  if (!change) return null;
  if (change.kind === 'unknown') return <>{t('form.conflict.authorUnknown')}</>;
  const time = formatDateTime(change.at, locale, zone);
  return (
    <>
      {change.kind === 'named'
        ? t('form.conflict.changedBy', { admin: change.name, time })
        : t('form.conflict.changedAt', { time })}
    </>
  );
}

/** A value as the administrator knows it: an option's label, a country's name, "Yes", or "empty". */
function FieldValue({
  field,
  value,
  values,
  format,
}: {
  field: FormFieldDescriptor;
  value: unknown;
  values: FormValues;
  format?: ValueFormatter;
}) {
  const { t } = useTranslation();
  const own = format?.(field, value);
  if (own !== undefined) return <>{own}</>;
  if (field.input.kind === 'lookup') {
    return <LookupValue field={field} value={value} values={values} />;
  }
  if (value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0)) {
    return <Empty />;
  }
  switch (field.input.kind) {
    case 'switch':
      return <>{value === true ? t('common.yes') : t('common.no')}</>;
    case 'select': {
      const option = field.input.options.find((item) => String(item.value) === String(value));
      return <>{option ? t(option.label as TextKey) : String(value)}</>;
    }
    case 'tags':
      return <>{Array.isArray(value) ? value.join(', ') : String(value)}</>;
    default:
      return <Multiline>{String(value)}</Multiline>;
  }
}

function LookupValue({
  field,
  value,
  values,
}: {
  field: FormFieldDescriptor;
  value: unknown;
  values: FormValues;
}) {
  const input = field.input.kind === 'lookup' ? field.input : null;
  const parent = input?.dependsOn ? values[input.dependsOn.field] : undefined;
  const params: Record<string, string> =
    input?.dependsOn && parent !== '' && parent !== undefined
      ? { [input.dependsOn.param]: String(parent) }
      : {};
  const hasValue = value !== '' && value !== null && value !== undefined;
  const { options } = useLookup(input?.lookup ?? 'countries', params, input !== null && hasValue);
  if (!hasValue) return <Empty />;
  const option = options.find((item) => String(item.value) === String(value));
  return <>{option ? option.label : String(value)}</>;
}

function Empty() {
  const { t } = useTranslation();
  return (
    <Typography component="span" variant="body2" sx={{ color: 'text.disabled', fontStyle: 'italic' }}>
      {t('form.conflict.empty')}
    </Typography>
  );
}

function Multiline({ children }: { children: ReactNode }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
      {children}
    </Box>
  );
}

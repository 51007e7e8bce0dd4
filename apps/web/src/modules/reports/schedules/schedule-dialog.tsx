import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type ReportSchedule,
  SCHEDULE_FREQUENCIES,
  SCHEDULE_MONTH_DAY_MAX,
  SCHEDULE_RECIPIENTS_MAX,
  type ScheduleFrequency,
  scheduleSummary,
} from '@pult/contract';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { renderTagChips } from '../../../forms/tag-chips';
import { fieldErrorsOf, joinFieldErrors, listFieldError } from '../../../http/http-error';
import { browserTimeZone, currentZoneName } from '../../../i18n/time-zone';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useSavedReports } from '../saved-reports-api';
import {
  newScheduleForm,
  type RecipientOption,
  type ScheduleForm,
  scheduleFormOf,
  scheduleWriteOf,
} from './schedule-form';
import { useRecipientOptions, useSaveSchedule } from './schedules-api';

export interface ScheduleDialogProps {
  /** The schedule to change; a new one when absent. */
  schedule?: ReportSchedule;
  /** The saved report a new schedule is for (opened from that saved report). */
  savedReportId?: number;
  onClose: () => void;
}

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const MONTH_DAYS = Array.from({ length: SCHEDULE_MONTH_DAY_MAX }, (_, index) => index + 1);
// The browser lists canonical names, some renamed since (Europe/Kiev): offered by their current
// names, and any other IANA name may be typed (the server checks it).
const ZONES = [...new Set(['UTC', ...Intl.supportedValuesOf('timeZone').map(currentZoneName)])];

/** ISO weekday n (1 = Monday) in the language: 2024-01-01 was a Monday. */
const weekdayName = (weekday: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );

/**
 * Creates or changes a schedule: which saved report, how often and when (in which zone), to whom.
 * The server checks every field again; its refusals show under the fields they name.
 */
export function ScheduleDialog({ schedule, savedReportId, onClose }: ScheduleDialogProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const [form, setForm] = useState<ScheduleForm>(() =>
    schedule ? scheduleFormOf(schedule) : newScheduleForm(savedReportId, browserTimeZone()),
  );
  const [search, setSearch] = useState('');
  const saved = useSavedReports();
  const recipients = useRecipientOptions(search);
  const save = useSaveSchedule(schedule?.id);
  const errors = joinFieldErrors(fieldErrorsOf(save.error) ?? {});
  const recipientError = listFieldError(errors, 'recipients', (index) => form.recipients[index]?.label ?? '');
  const otherError = save.error && !fieldErrorsOf(save.error) ? save.error.message : undefined;
  const set = <K extends keyof ScheduleForm>(key: K, value: ScheduleForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const options = useMemo(() => recipients.data?.items ?? [], [recipients.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(scheduleWriteOf(form), { onSuccess: onClose });
  };
  const select = (
    field: keyof typeof errors,
    label: string,
    value: number | string,
    onChange: (value: string) => void,
    items: { value: number | string; label: string }[],
  ) => (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={errors[field] !== undefined}
      helperText={errors[field]}
      fullWidth
    >
      {items.map((item) => (
        <MenuItem key={item.value} value={item.value}>
          {item.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>
        {schedule ? t('reports.schedules.editTitle') : t('reports.schedules.newTitle')}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {otherError && <Alert severity="error">{otherError}</Alert>}
            {select(
              'saved_report_id',
              t('reports.schedules.fields.saved_report'),
              form.savedReportId,
              (value) => set('savedReportId', Number(value)),
              (saved.data?.items ?? []).map((item) => ({ value: item.id, label: item.name })),
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {select(
                'frequency',
                t('reports.schedules.fields.frequency'),
                form.frequency,
                (value) => set('frequency', value as ScheduleFrequency),
                SCHEDULE_FREQUENCIES.map((value) => ({
                  value,
                  label: t(`reports.schedules.frequency.${value}`),
                })),
              )}
              {form.frequency === 'weekly' &&
                select(
                  'weekday',
                  t('reports.schedules.fields.weekday'),
                  form.weekday,
                  (value) => set('weekday', Number(value)),
                  WEEKDAYS.map((value) => ({ value, label: weekdayName(value, locale) })),
                )}
              {form.frequency === 'monthly' &&
                select(
                  'month_day',
                  t('reports.schedules.fields.month_day'),
                  form.monthDay,
                  (value) => set('monthDay', Number(value)),
                  MONTH_DAYS.map((value) => ({ value, label: String(value) })),
                )}
              {select(
                'hour',
                t('reports.schedules.fields.hour'),
                form.hour,
                (value) => set('hour', Number(value)),
                HOURS.map((value) => ({ value, label: `${String(value).padStart(2, '0')}:00` })),
              )}
            </Stack>
            <Autocomplete
              freeSolo
              autoSelect
              options={ZONES}
              value={form.timeZone}
              disableClearable
              onChange={(_event, value) => set('timeZone', value.trim())}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('reports.schedules.fields.time_zone')}
                  error={errors.time_zone !== undefined}
                  helperText={errors.time_zone}
                />
              )}
            />
            <Autocomplete<RecipientOption, true>
              multiple
              options={options}
              filterOptions={(items) => items}
              filterSelectedOptions
              isOptionEqualToValue={(option, value) => option.value === value.value}
              value={form.recipients}
              onChange={(_event, value) => set('recipients', value.slice(0, SCHEDULE_RECIPIENTS_MAX))}
              onInputChange={(_event, value) => setSearch(value)}
              loading={recipients.isFetching}
              noOptionsText={t('reports.schedules.noRecipients')}
              renderValue={(value, getItemProps) =>
                renderTagChips(
                  value.map((item) => item.label),
                  getItemProps,
                )
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('reports.schedules.fields.recipients')}
                  required
                  error={recipientError !== ''}
                  helperText={recipientError || t('reports.schedules.recipientsHint')}
                />
              )}
            />
            <FormControlLabel
              control={
                <Switch checked={form.enabled} onChange={(event) => set('enabled', event.target.checked)} />
              }
              label={t('reports.schedules.fields.enabled')}
            />
            <Typography color="text.secondary" aria-live="polite">
              {form.enabled
                ? t('reports.schedules.summary', {
                    when: scheduleSummary(
                      {
                        frequency: form.frequency,
                        weekday: form.weekday,
                        month_day: form.monthDay,
                        hour: form.hour,
                        time_zone: form.timeZone,
                      },
                      locale,
                    ),
                  })
                : t('reports.schedules.paused')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            loading={save.isPending}
            disabled={form.savedReportId === '' || form.recipients.length === 0}
          >
            {t('reports.schedules.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

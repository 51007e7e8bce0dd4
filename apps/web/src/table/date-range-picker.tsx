import DateRangeIcon from '@mui/icons-material/DateRange';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { parseDateFilter } from '@pult/contract';
import { type FormEvent, Suspense, useState } from 'react';
import { lazyWithRetry } from '../app/lazy-with-retry';
import { inputToIso, isoToInput } from '../i18n/date-input';
import { isUtcZone, zoneLabel } from '../i18n/time-zone';
import { useTimeZone } from '../i18n/time-zone-store';
import { useLocale } from '../i18n/use-locale';
import { useTranslation } from '../i18n/use-translation';
import type { DayRange } from './calendar/range-selection';
import { dateRangeValue } from './filter-value';

/**
 * The month grid is a chunk of its own, fetched on the picker's first opening: no route's load
 * budget pays for it (issue 24), and typing works while it arrives.
 */
const RangeCalendar = lazyWithRetry(() => import('./calendar/range-calendar'));

/** The grid's height (title row, weekday row, six weeks), held while its chunk loads so nothing jumps. */
const CALENDAR_HEIGHT = 36 + 28 + 6 * 36;

export interface DateRangePickerProps {
  /** The field's name, for the accessible name of the button. */
  label: string;
  value: string;
  onApply: (value: string) => void;
  /** The days are UTC days (a timestamp column): said under the inputs. */
  utc?: boolean;
}

/**
 * A calendar button opening From / To inputs and a month grid; emits `from,to`, a single day, or ''
 * to clear. The days are typed and shown in the UI language's form (23.11.2026, 11/23/2026), not the
 * browser's locale as its own date input would; a day that is not real keeps the popover open and
 * says the form. The grid fills the same fields, and reads them, so the two never disagree.
 */
export function DateRangePicker({ label, value, onApply, utc = false }: DateRangePickerProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zone } = useTimeZone();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [checked, setChecked] = useState(false);
  const fromIso = inputToIso(from, locale);
  const toIso = inputToIso(to, locale);
  const fromWrong = checked && from.trim() !== '' && fromIso === null;
  const toWrong = checked && to.trim() !== '' && toIso === null;

  const open = (element: HTMLElement) => {
    const range = parseDateFilter(value);
    setFrom(isoToInput(range?.from ?? '', locale));
    setTo(isoToInput(range?.to ?? '', locale));
    setChecked(false);
    setAnchor(element);
  };
  const close = () => setAnchor(null);
  const pick = (range: DayRange) => {
    setFrom(isoToInput(range.from ?? '', locale));
    setTo(isoToInput(range.to ?? '', locale));
    setChecked(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if ((from.trim() !== '' && fromIso === null) || (to.trim() !== '' && toIso === null)) return;
    onApply(dateRangeValue(fromIso ?? '', toIso ?? ''));
    close();
  };
  const buttonLabel = t('table.dateRange.open', { label });
  const dayInput = (wrong: boolean) => ({
    inputLabel: { shrink: true },
    htmlInput: { inputMode: 'numeric' as const, placeholder: t('table.dateRange.pattern') },
    formHelperText: { role: wrong ? 'alert' : undefined },
  });

  return (
    <>
      <Tooltip title={t('table.dateRange.title')}>
        <IconButton size="small" aria-label={buttonLabel} onClick={(event) => open(event.currentTarget)}>
          <DateRangeIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Popover
        open={anchor !== null}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <Stack
          component="form"
          onSubmit={submit}
          aria-label={buttonLabel}
          spacing={2}
          sx={{ p: 2, width: 300, maxWidth: '100%', boxSizing: 'border-box' }}
        >
          <TextField
            size="small"
            label={t('table.dateRange.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={fromWrong}
            helperText={fromWrong ? t('table.dateRange.invalid') : undefined}
            slotProps={dayInput(fromWrong)}
            autoFocus
          />
          <TextField
            size="small"
            label={t('table.dateRange.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={toWrong}
            helperText={toWrong ? t('table.dateRange.invalid') : undefined}
            slotProps={dayInput(toWrong)}
          />
          <Suspense fallback={<Box sx={{ height: CALENDAR_HEIGHT }} aria-busy="true" />}>
            <RangeCalendar range={{ from: fromIso, to: toIso }} onPick={pick} />
          </Suspense>
          {utc && (
            <Typography variant="caption" color="text.secondary">
              {isUtcZone(zone)
                ? t('table.dateRange.utcNote')
                : t('table.dateRange.utcNoteLocal', { zone: zoneLabel(zone) })}
            </Typography>
          )}
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              onClick={() => {
                onApply('');
                close();
              }}
            >
              {t('table.dateRange.clear')}
            </Button>
            <Button type="submit" variant="contained" disabled={from === '' && to === ''}>
              {t('table.dateRange.apply')}
            </Button>
          </Stack>
        </Stack>
      </Popover>
    </>
  );
}

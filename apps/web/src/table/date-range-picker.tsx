import DateRangeIcon from '@mui/icons-material/DateRange';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { parseDateFilter } from '@pult/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateRangeValue } from './filter-value';

export interface DateRangePickerProps {
  /** The field's name, for the accessible name of the button. */
  label: string;
  value: string;
  onApply: (value: string) => void;
  /** The days are UTC days (a timestamp column): said under the inputs. */
  utc?: boolean;
}

/** A calendar button opening From / To date inputs; emits `from,to`, a single day, or '' to clear. */
export function DateRangePicker({ label, value, onApply, utc = false }: DateRangePickerProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const open = (element: HTMLElement) => {
    const range = parseDateFilter(value);
    setFrom(range?.from ?? '');
    setTo(range?.to ?? '');
    setAnchor(element);
  };
  const close = () => setAnchor(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(dateRangeValue(from, to));
    close();
  };
  const buttonLabel = t('table.dateRange.open', { label });

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
          sx={{ p: 2, width: 260 }}
        >
          <TextField
            type="date"
            size="small"
            label={t('table.dateRange.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
            autoFocus
          />
          <TextField
            type="date"
            size="small"
            label={t('table.dateRange.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
          />
          {utc && (
            <Typography variant="caption" color="text.secondary">
              {t('table.dateRange.utcNote')}
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

import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { errorGroupsResource, errorsResource } from '@pult/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useServices } from '../../../app/services-context';
import { isoToInput } from '../../../i18n/date-input';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { resourceKeys } from '../../../resources/resource-api';
import { countErrorsInRange, type DayRange, deleteErrorsInRange } from '../storage-api';
import { checkTypedRange } from './delete-range';

/**
 * Deleting errors by date (spec §5): first the days (at least one of from and to), then a
 * confirmation that names how many errors those days hold.
 */
export function DeleteErrorsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const titleId = useId();
  const services = useServices();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [counted, setCounted] = useState<{ range: DayRange; count: number } | null>(null);
  const check = checkTypedRange(from, to, locale);
  const fieldError = (field: 'from' | 'to') => {
    if (!submitted || check.ok || check.field !== field) return undefined;
    if (check.error === 'dayFormat') return t('table.dateRange.invalid');
    if (check.error === 'dateRangeRequired') return t('validation.dateRequired');
    return t(`errors.${check.error}` as 'errors.dateRangeOrder');
  };

  const count = useMutation({
    mutationFn: (range: DayRange) =>
      countErrorsInRange(services, range).then(({ count }) => ({ range, count })),
    onSuccess: setCounted,
    onError: () => notifier.notify('error', t('common.loadFailed')),
  });
  const remove = useMutation({
    mutationFn: (range: DayRange) => deleteErrorsInRange(services, range),
    onSuccess: (result) => {
      notifier.notify('success', result.message);
      close();
    },
    onError: () => notifier.notify('error', t('common.deleteError')),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(errorsResource) });
      void queryClient.invalidateQueries({ queryKey: resourceKeys.all(errorGroupsResource) });
    },
  });

  function close() {
    setCounted(null);
    setSubmitted(false);
    onClose();
  }
  const next = () => {
    setSubmitted(true);
    if (check.ok) count.mutate(check.range);
  };
  const rangeText = (range: DayRange) =>
    [
      range.from && t('storage.errors.rangeFrom', { from: isoToInput(range.from, locale) }),
      range.to && t('storage.errors.rangeTo', { to: isoToInput(range.to, locale) }),
    ]
      .filter(Boolean)
      .join(' ');

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
      role={counted ? 'alertdialog' : 'dialog'}
    >
      {counted === null ? (
        <>
          <DialogTitle id={titleId}>{t('storage.errors.deleteTitle')}</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>{t('storage.errors.deleteText')}</DialogContentText>
            <Stack direction="row" spacing={2}>
              {(['from', 'to'] as const).map((field) => (
                <TextField
                  key={field}
                  fullWidth
                  label={t(`storage.errors.${field}`)}
                  value={field === 'from' ? from : to}
                  onChange={(event) => (field === 'from' ? setFrom : setTo)(event.target.value)}
                  error={fieldError(field) !== undefined}
                  helperText={fieldError(field) ?? ' '}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: { inputMode: 'numeric', placeholder: t('table.dateRange.pattern') },
                  }}
                />
              ))}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={close}>{t('common.cancel')}</Button>
            <Button variant="contained" disableElevation loading={count.isPending} onClick={next}>
              {t('storage.errors.next')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={titleId}>
            {counted.count === 0
              ? t('storage.errors.deleteTitle')
              : t('storage.errors.confirmTitle', { count: counted.count })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>
              {counted.count === 0
                ? t('storage.errors.nothing')
                : t('storage.errors.confirmText', { range: rangeText(counted.range) })}
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={counted.count === 0 ? () => setCounted(null) : close} autoFocus>
              {t('common.cancel')}
            </Button>
            {counted.count > 0 && (
              <Button
                variant="contained"
                color="error"
                disableElevation
                loading={remove.isPending}
                onClick={() => remove.mutate(counted.range)}
              >
                {t('storage.errors.confirm', { count: counted.count })}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

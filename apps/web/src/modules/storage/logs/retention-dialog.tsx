import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { storageSettingsUpdateSchema } from '@pult/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useCan } from '../../../access/use-permissions';
import { useServices } from '../../../app/services-context';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import {
  fetchStorageSettings,
  STORAGE_SETTINGS_RESOURCE,
  saveStorageSettings,
  storageKeys,
} from '../storage-api';

type Field = 'log_retention_days' | 'error_retention_days';

/**
 * How many days logs and errors are kept; the server prunes older ones hourly. Its opener shows to
 * admins who may read the settings; Save, to those who may also change them.
 */
export function RetentionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const services = useServices();
  const settings = useQuery({
    queryKey: storageKeys.settings,
    queryFn: () => fetchStorageSettings(services),
    enabled: open,
  });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('storage.logs.retentionTitle')}</DialogTitle>
      {settings.data && (
        <RetentionForm key={JSON.stringify(settings.data)} initial={settings.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

function RetentionForm({ initial, onClose }: { initial: Record<Field, number>; onClose: () => void }) {
  const { t } = useTranslation();
  const canSave = useCan(STORAGE_SETTINGS_RESOURCE, 'update');
  const services = useServices();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Record<Field, string>>({
    log_retention_days: String(initial.log_retention_days),
    error_retention_days: String(initial.error_retention_days),
  });
  const parsed = storageSettingsUpdateSchema.safeParse({
    log_retention_days: Number(values.log_retention_days),
    error_retention_days: Number(values.error_retention_days),
  });
  const errorOf = (field: Field) =>
    parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
  const save = useMutation({
    mutationFn: () => saveStorageSettings(services, parsed.success ? parsed.data : initial),
    onSuccess: (saved) => {
      queryClient.setQueryData(storageKeys.settings, saved);
      notifier.notify('success', t('common.saveSuccess'));
      onClose();
    },
    onError: () => notifier.notify('error', t('common.saveError')),
  });
  const input = (field: Field, label: string) => {
    const error = errorOf(field);
    return (
      <TextField
        label={label}
        value={values[field]}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        error={error !== undefined}
        helperText={error ? t(`errors.${error}` as 'errors.retentionRange') : ' '}
        slotProps={{ htmlInput: { inputMode: 'numeric', readOnly: !canSave } }}
      />
    );
  };
  return (
    <>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('storage.logs.retentionText')}</DialogContentText>
        <Stack spacing={1}>
          {input('log_retention_days', t('storage.logs.logRetention'))}
          {input('error_retention_days', t('storage.logs.errorRetention'))}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{canSave ? t('common.cancel') : t('storage.logs.close')}</Button>
        {canSave && (
          <Button
            variant="contained"
            disableElevation
            disabled={!parsed.success}
            loading={save.isPending}
            onClick={() => save.mutate()}
          >
            {t('common.save')}
          </Button>
        )}
      </DialogActions>
    </>
  );
}

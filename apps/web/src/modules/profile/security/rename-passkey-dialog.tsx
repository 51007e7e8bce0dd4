import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { Passkey } from '@pult/contract';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { FormInputField } from '../../../forms/form-input-field';
import { useTranslation } from '../../../i18n/use-translation';

/** A new name for a passkey. */
export function RenamePasskeyDialog({
  passkey,
  busy,
  onSave,
  onClose,
}: {
  passkey: Passkey;
  busy: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const form = useForm<{ name: string }>({ defaultValues: { name: passkey.name } });
  const submit = form.handleSubmit((values) => onSave(values.name.trim()));
  return (
    <Dialog open onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{t('profile.security.passkeys.renameTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogContent sx={{ pt: 1 }}>
          <FormInputField
            form={form}
            name="name"
            rules={{ validate: (value) => value.trim() !== '' || 'required' }}
            label={t('profile.security.passkeys.name')}
            autoComplete="off"
            autoFocus
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('profile.security.passkeys.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

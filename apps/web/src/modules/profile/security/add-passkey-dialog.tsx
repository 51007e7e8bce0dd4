import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormInputField } from '../../../forms/form-input-field';
import { useViewText } from '../../../forms/use-view-text';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { RecoveryCodesView } from './recovery-codes-view';
import { useAddPasskey } from './use-add-passkey';
import { validatePassword } from './use-totp-setup';

/** Adds a passkey: a name and the password, then the browser's own prompt; closes only by its buttons. */
export default function AddPasskeyDialog({ email, onClose }: { email: string; onClose: () => void }) {
  const { t } = useTranslation();
  const viewText = useViewText();
  const titleId = useId();
  const added = () => {
    notifier.notify('success', t('profile.security.passkeys.added'));
    onClose();
  };
  const passkey = useAddPasskey(added);
  if (passkey.codes) {
    return (
      <Dialog open maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('profile.security.codes.title')}</DialogTitle>
        <DialogContent sx={{ pt: 0 }}>
          <RecoveryCodesView codes={passkey.codes} email={email} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={added}>
            {t('profile.security.codes.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog
      open
      onClose={passkey.busy ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>{t('profile.security.passkeys.addTitle')}</DialogTitle>
      <Box component="form" noValidate onSubmit={passkey.submit}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            <Typography variant="body2">{t('profile.security.passkeys.addText')}</Typography>
            <FormInputField
              form={passkey.form}
              name="name"
              rules={{ validate: (value) => value.trim() !== '' || 'required' }}
              label={t('profile.security.passkeys.name')}
              autoComplete="off"
              autoFocus
            />
            <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
            <FormInputField
              form={passkey.form}
              name="password"
              rules={{ validate: validatePassword }}
              label={t('profile.security.setup.password')}
              type="password"
              autoComplete="current-password"
            />
            {passkey.generalError && <Alert severity="error">{viewText(passkey.generalError)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={passkey.busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={passkey.busy}>
            {t('profile.security.passkeys.create')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

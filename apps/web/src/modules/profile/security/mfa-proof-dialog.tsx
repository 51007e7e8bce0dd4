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
import { useViewText } from '../../../forms/use-view-text';
import { useTranslation } from '../../../i18n/use-translation';
import { notifier } from '../../../notify/notifier';
import { FactorCodeInput } from './factor-code-input';
import { RecoveryCodesView } from './recovery-codes-view';
import { type MfaProofAction, useMfaProof } from './use-mfa-proof';

/**
 * Asks for a code (or a recovery code) before removing the authenticator or making new recovery
 * codes; the new codes are then shown in the same dialog, which closes only by its button.
 */
export default function MfaProofDialog({
  action,
  email,
  onClose,
}: {
  action: MfaProofAction;
  email: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const viewText = useViewText();
  const titleId = useId();
  const proof = useMfaProof(action, () => {
    notifier.notify('success', t('profile.security.proof.removed'));
    onClose();
  });
  const remove = action === 'remove';
  const close = () => {
    if (!proof.busy) onClose();
  };
  if (proof.codes) {
    return (
      <Dialog open maxWidth="sm" fullWidth aria-labelledby={titleId}>
        <DialogTitle id={titleId}>{t('profile.security.codes.title')}</DialogTitle>
        <DialogContent sx={{ pt: 0 }}>
          <RecoveryCodesView codes={proof.codes} email={email} />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={onClose}>
            {t('profile.security.codes.done')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog open onClose={close} maxWidth="xs" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>
        {t(remove ? 'profile.security.proof.removeTitle' : 'profile.security.proof.regenerateTitle')}
      </DialogTitle>
      <Box component="form" noValidate onSubmit={proof.submit}>
        <DialogContent sx={{ pt: 0 }}>
          <Stack spacing={2}>
            <Typography variant="body2">
              {t(remove ? 'profile.security.proof.removeText' : 'profile.security.proof.regenerateText')}
            </Typography>
            <FactorCodeInput form={proof.form} method={proof.method} onSwitch={proof.switchMethod} />
            {proof.generalError && <Alert severity="error">{viewText(proof.generalError)}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={proof.busy}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={remove ? 'error' : 'primary'}
            disabled={!proof.canSubmit}
            loading={proof.busy}
          >
            {t(remove ? 'profile.security.proof.removeConfirm' : 'profile.security.proof.regenerateConfirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

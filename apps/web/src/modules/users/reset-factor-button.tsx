import PhonelinkEraseIcon from '@mui/icons-material/PhonelinkErase';
import Button from '@mui/material/Button';
import { useTranslation } from '../../i18n/use-translation';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { useResetFactor } from './use-reset-factor';

/** Resets another administrator's second factor (a lost phone), after a confirmation. */
export function ResetFactorButton({ adminId }: { adminId: number }) {
  const { t } = useTranslation();
  const reset = useResetFactor(adminId);
  return (
    <>
      <Button color="error" startIcon={<PhonelinkEraseIcon />} onClick={reset.ask} sx={{ mt: 2 }}>
        {t('admins.resetFactor.button')}
      </Button>
      <ConfirmDialog
        open={reset.confirming}
        title={t('admins.resetFactor.title')}
        text={t('admins.resetFactor.text')}
        confirmLabel={t('admins.resetFactor.confirm')}
        destructive
        busy={reset.busy}
        onConfirm={reset.confirm}
        onClose={reset.cancel}
      />
    </>
  );
}

import { useTranslation } from '../../i18n/use-translation';
import { ConfirmDialog } from '../../ui/confirm-dialog';

export interface LeaveFormDialogProps {
  open: boolean;
  onLeave: () => void;
  onStay: () => void;
}

/** "Leave without saving?": staying on the form (the safe choice) or giving its changes up. */
export function LeaveFormDialog({ open, onLeave, onStay }: LeaveFormDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('navigation.unsaved.title')}
      text={t('navigation.unsaved.text')}
      confirmLabel={t('navigation.unsaved.leave')}
      cancelLabel={t('navigation.unsaved.stay')}
      destructive
      onConfirm={onLeave}
      onClose={onStay}
    />
  );
}

import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** The question a blocked navigation asks: stay on the form (the safe choice) or leave it. */
export function UnsavedChangesDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={t('navigation.unsaved.title')}
      text={t('navigation.unsaved.text')}
      confirmLabel={t('navigation.unsaved.leave')}
      cancelLabel={t('navigation.unsaved.stay')}
      destructive
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

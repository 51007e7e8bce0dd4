import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services-context';

/**
 * Why the user is back on the sign-in screen when they did not sign out themselves (an expired or
 * refused session); nothing after a sign-out they chose. Read once, when the screen opens.
 */
export function SessionEndedNotice() {
  const { t } = useTranslation();
  const { session } = useServices();
  const [reason] = useState(() => session.signOutReason());
  if (reason === null) return null;
  return (
    <Alert severity="info" role="status" sx={{ mb: 2 }}>
      <AlertTitle>{t('navigation.sessionEnded.title')}</AlertTitle>
      {t(`navigation.sessionEnded.${reason}`)}
    </Alert>
  );
}

import { useState } from 'react';
import { usePublic } from '../../public-entry/public-context';
import { Alert } from '../../public-kit/alert';
import { readSignOutReason } from '../../session/sign-out-reason';

/**
 * Why the user is back on the sign-in screen when they did not sign out themselves (an expired or
 * refused session); nothing after a sign-out they chose. Read once, when the screen opens.
 */
export function SessionEndedNotice() {
  const { t } = usePublic();
  const [reason] = useState(() => readSignOutReason(window.localStorage));
  if (reason === null) return null;
  return (
    <div style={{ marginBottom: 16 }}>
      <Alert severity="info" role="status" title={t('navigation.sessionEnded.title')}>
        {t(`navigation.sessionEnded.${reason}`)}
      </Alert>
    </div>
  );
}

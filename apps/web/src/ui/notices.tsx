import Alert from '@mui/material/Alert';
import Portal from '@mui/material/Portal';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { NOTICE_TIMEOUT_MS } from '@pult/contract';
import { notifier } from '../notify/notifier';
import { useNotices } from './use-notices';

/**
 * Renders the notifier store, one notice at a time in arrival order. Each hides after
 * NOTICE_TIMEOUT_MS; a click elsewhere on the page does not dismiss it, the close button does.
 */
export function Notices() {
  const [notice] = useNotices();
  if (!notice) return null;
  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason !== 'clickaway') notifier.dismiss(notice.id);
  };
  // A portal made when the notice appears sits outside what an open dialog hides from assistive
  // technology, so a notice about the dialog's own form is announced.
  return (
    <Portal>
      <Snackbar
        key={notice.id}
        open
        autoHideDuration={NOTICE_TIMEOUT_MS}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={notice.kind}
          variant="filled"
          onClose={() => notifier.dismiss(notice.id)}
          sx={{ width: '100%' }}
        >
          {notice.text}
        </Alert>
      </Snackbar>
    </Portal>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from '../i18n/use-translation';
import { useConnectivity, useSecondsUntil } from './use-connectivity';

/**
 * A banner under the top bar while the services cannot be reached: the page stays usable, the panel
 * keeps probing with growing pauses, and "Retry now" probes at once. It goes away by itself.
 */
export function ConnectionNotice() {
  const { t } = useTranslation();
  const { state, retryNow } = useConnectivity();
  const retryAt = state.status === 'unreachable' ? state.retryAt : null;
  const seconds = useSecondsUntil(retryAt);
  if (state.status === 'online') return null;
  return (
    <Box
      sx={{
        position: 'sticky',
        top: { xs: 56, sm: 64 },
        zIndex: (theme) => theme.zIndex.appBar - 1,
        mb: 2,
      }}
    >
      <Alert
        severity="warning"
        role="status"
        sx={{ boxShadow: 2 }}
        action={
          <Button color="inherit" size="small" onClick={retryNow} disabled={retryAt === null}>
            {t('navigation.connection.retryNow')}
          </Button>
        }
      >
        {t('navigation.connection.lost')}{' '}
        {/* The countdown changes every second: shown, but not read out each time. */}
        <Box component="span" aria-hidden>
          {seconds === null
            ? t('navigation.connection.retrying')
            : t('navigation.connection.retryingIn', { count: seconds })}
        </Box>
      </Alert>
    </Box>
  );
}

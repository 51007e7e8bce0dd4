import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { isPageLoadError, retryFailedPages } from '../app/lazy-with-retry';
import { useTranslation } from '../i18n/use-translation';

/**
 * Router error boundary: a page that threw, or whose code could not be downloaded after its retries and
 * the one reload, gets a way out inside the panel (the shell stays around a failing page).
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return isPageLoadError(error) ? <PageLoadFailed /> : <PageFailed />;
}

/** The page's code did not arrive: "Try again" downloads it again, without reloading the panel. */
function PageLoadFailed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const tryAgain = () => {
    retryFailedPages();
    // Going to the same place again is a new location, which clears the router's error boundary.
    void navigate(location, { replace: true });
  };
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={tryAgain}>
            {t('navigation.pageLoad.tryAgain')}
          </Button>
        }
      >
        <AlertTitle component="h1" sx={{ typography: 'subtitle1', fontWeight: 500 }}>
          {t('navigation.pageLoad.title')}
        </AlertTitle>
        {t('navigation.pageLoad.text')}
      </Alert>
    </Box>
  );
}

function PageFailed() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => window.location.reload()}>
            {t('app.reload')}
          </Button>
        }
      >
        {t('app.pageFailed')}
      </Alert>
    </Box>
  );
}

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Outlet, useLocation } from 'react-router';
import { RouteResourceProvider } from '../access/route-resource';
import { usePermissionsState } from '../access/use-permissions';
import { useServices } from '../app/services-context';
import { useTranslation } from '../i18n/use-translation';
import { MfaEnrolmentPage } from '../modules/profile';
import { NoAccessPage } from '../ui/no-access-page';
import { PageLoading } from '../ui/page-loading';
import { pageAccessOf, pageAllowed } from './page-access';

/**
 * Pages render once the administrator's permissions are known, so no page shows a button it must
 * take back a moment later; a page their groups do not open says so instead of failing request by
 * request. The server refuses the same requests whatever this shows. While a group requires a second
 * factor the sign-in lacks, every page is its setup (the server allows nothing else).
 */
export function AccessGate() {
  const { t } = useTranslation();
  const { permissions } = useServices();
  const state = usePermissionsState();
  const { pathname } = useLocation();
  if (state.status === 'failed') {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void permissions.refresh()}>
            {t('app.retry')}
          </Button>
        }
      >
        {t('noAccess.failed')}
      </Alert>
    );
  }
  if (state.status !== 'ready') return <PageLoading />;
  if (state.check.mfaEnrollmentRequired) return <MfaEnrolmentPage />;
  const page = pageAccessOf(pathname);
  if (page && !pageAllowed(state.check, page)) return <NoAccessPage groups={state.check.groups} />;
  return (
    <RouteResourceProvider resource={page?.resources[0]}>
      <Outlet />
    </RouteResourceProvider>
  );
}

import { useEffect } from 'react';
import type { RouteObject } from 'react-router';
import { RedirectIfSignedIn } from '../../app/route-guards';

/**
 * The public screens belong to the public entry (`public-entry/`, issue 24): reached inside the
 * panel (a sign-out, a link), the page is loaded anew so that entry serves it.
 */
function PublicScreen() {
  useEffect(() => {
    window.location.replace(window.location.href);
  }, []);
  return null;
}

/** The public routes of spec §2. */
export const authRoutes: RouteObject[] = [
  { element: <RedirectIfSignedIn />, children: [{ index: true, element: <PublicScreen /> }] },
  { path: 'recover-password', element: <PublicScreen /> },
  { path: 'change-password', element: <PublicScreen /> },
];

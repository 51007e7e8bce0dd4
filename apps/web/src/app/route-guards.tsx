import { Navigate, Outlet } from 'react-router';
import { useSignedIn } from './use-signed-in';

/** Spec §2: every shell route needs an access token; without one (or after sign-out) go to '/'. */
export function RequireAuth() {
  return useSignedIn() ? <Outlet /> : <Navigate to="/" replace />;
}

/** The sign-in screen is pointless for a signed-in administrator: send them to the dashboard. */
export function RedirectIfSignedIn() {
  return useSignedIn() ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

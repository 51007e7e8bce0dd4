import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';
import { RedirectIfSignedIn } from '../../app/route-guards';

const SigninPage = lazyWithRetry(() => import('./signin-page'));
const RecoverPasswordPage = lazyWithRetry(() => import('./recover-password-page'));
const ChangePasswordPage = lazyWithRetry(() => import('./change-password-page'));

/** The public routes of spec §2. */
export const authRoutes: RouteObject[] = [
  { element: <RedirectIfSignedIn />, children: [{ index: true, element: <SigninPage /> }] },
  { path: 'recover-password', element: <RecoverPasswordPage /> },
  { path: 'change-password', element: <ChangePasswordPage /> },
];

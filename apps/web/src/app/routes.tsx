import { Suspense } from 'react';
import { Outlet, type RouteObject } from 'react-router';
import { auditRoutes } from '../modules/audit/audit-routes';
import { authRoutes } from '../modules/auth/auth-routes';
import { chatRoutes } from '../modules/chat/chat-routes';
import { dashboardRoutes } from '../modules/dashboard/dashboard-routes';
import { groupsRoutes } from '../modules/groups/groups-routes';
import { notificationsRoutes } from '../modules/notifications/notifications-routes';
import { profileRoutes } from '../modules/profile/profile-routes';
import { reportsRoutes } from '../modules/reports/reports-routes';
import { storageRoutes } from '../modules/storage/storage-routes';
import { usersRoutes } from '../modules/users/users-routes';
import { PageLoading } from '../ui/page-loading';
import { RouteError } from '../ui/route-error';
import { lazyWithRetry } from './lazy-with-retry';
import { RouteFocus } from './route-focus';
import { RequireAuth } from './route-guards';

const NotFoundPage = lazyWithRetry(() => import('../ui/not-found-page'));
// The shell (top bar, drawer, menus) is not part of the sign-in screen's download.
const AppShell = lazyWithRetry(() => import('../shell/app-shell'));

/** The route table (spec §2): public screens, then the shell with every module's routes. */
export const appRoutes: RouteObject[] = [
  {
    path: '/',
    element: (
      <Suspense fallback={<PageLoading />}>
        <RouteFocus />
        <Outlet />
      </Suspense>
    ),
    errorElement: <RouteError />,
    children: [
      ...authRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppShell />,
            children: [
              {
                // A failing page keeps the shell around it, so the menu still leads elsewhere.
                errorElement: <RouteError />,
                children: [
                  ...dashboardRoutes,
                  ...reportsRoutes,
                  ...profileRoutes,
                  ...usersRoutes,
                  ...groupsRoutes,
                  ...auditRoutes,
                  ...storageRoutes,
                  ...chatRoutes,
                  ...notificationsRoutes,
                  { path: '*', element: <NotFoundPage /> },
                ],
              },
            ],
          },
        ],
      },
    ],
  },
];

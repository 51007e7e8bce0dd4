import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

const DashboardPage = lazyWithRetry(() => import('./dashboard-page'));

export const dashboardRoutes: RouteObject[] = [{ path: 'dashboard', element: <DashboardPage /> }];

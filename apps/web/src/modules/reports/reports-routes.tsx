import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

// Loaded when a report is opened: no other route's budget pays for the reports' code.
const ReportsIndexPage = lazyWithRetry(() => import('./reports-index-page'));
const ReportPage = lazyWithRetry(() => import('./report-page'));

export const reportsRoutes: RouteObject[] = [
  { path: 'reports', element: <ReportsIndexPage /> },
  { path: 'reports/:id', element: <ReportPage /> },
];

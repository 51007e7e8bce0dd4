import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

const AuditListPage = lazyWithRetry(() => import('./audit-list-page'));
const AuditViewPage = lazyWithRetry(() => import('./audit-view-page'));

/** The audit log, shown in the Users section (`auth/audit`). */
export const auditRoutes: RouteObject[] = [
  { path: 'auth/audit', element: <AuditListPage /> },
  { path: 'auth/audit/view/:id', element: <AuditViewPage /> },
];

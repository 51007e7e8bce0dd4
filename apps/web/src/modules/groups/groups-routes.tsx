import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

const GroupsListPage = lazyWithRetry(() => import('./groups-list-page'));
const GroupEditPage = lazyWithRetry(() => import('./group-edit-page'));
const EffectivePermissionsPage = lazyWithRetry(() => import('./permissions/effective-permissions-page'));

/** Administrators' groups (under Users) and one administrator's effective permissions. */
export const groupsRoutes: RouteObject[] = [
  { path: 'auth/groups', element: <GroupsListPage /> },
  { path: 'auth/groups/create', element: <GroupEditPage mode="create" /> },
  { path: 'auth/groups/edit', element: <GroupEditPage mode="edit" /> },
  { path: 'auth/admins/permissions', element: <EffectivePermissionsPage /> },
];

import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

const UsersListPage = lazyWithRetry(() => import('./users-list-page'));
const UserEditPage = lazyWithRetry(() => import('./user-edit-page'));
const AdminsListPage = lazyWithRetry(() => import('./admins-list-page'));
const AdminEditPage = lazyWithRetry(() => import('./admin-edit-page'));
const SettingsPage = lazyWithRetry(() => import('./settings-page'));
const CountriesPage = lazyWithRetry(() => import('./countries-page'));
const CitiesPage = lazyWithRetry(() => import('./cities-page'));

/** Users module (spec §2). Edit routes carry no path parameter; the record comes as `?id=`. */
export const usersRoutes: RouteObject[] = [
  { path: 'auth/users', element: <UsersListPage /> },
  { path: 'auth/users/create', element: <UserEditPage mode="create" /> },
  { path: 'auth/users/edit', element: <UserEditPage mode="edit" /> },
  { path: 'auth/admins', element: <AdminsListPage /> },
  { path: 'auth/admins/create', element: <AdminEditPage mode="create" /> },
  { path: 'auth/admins/edit', element: <AdminEditPage mode="edit" /> },
  { path: 'auth/settings', element: <SettingsPage /> },
  { path: 'auth/countries', element: <CountriesPage /> },
  { path: 'auth/cities', element: <CitiesPage /> },
];

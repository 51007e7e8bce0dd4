import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

const BucketsPage = lazyWithRetry(() => import('./buckets/buckets-page'));
const BucketEditPage = lazyWithRetry(() => import('./buckets/bucket-edit-page'));
const FilesPage = lazyWithRetry(() => import('./files/files-page'));
const LogsPage = lazyWithRetry(() => import('./logs/logs-page'));
const ErrorsPage = lazyWithRetry(() => import('./errors/errors-page'));

/** Storage module (spec §2). The edit route carries no path parameter; the bucket comes as `?id=`. */
export const storageRoutes: RouteObject[] = [
  { path: 'storage/buckets', element: <BucketsPage /> },
  { path: 'storage/buckets/create', element: <BucketEditPage mode="create" /> },
  { path: 'storage/buckets/edit', element: <BucketEditPage mode="edit" /> },
  { path: 'storage/files', element: <FilesPage /> },
  { path: 'storage/logs', element: <LogsPage /> },
  { path: 'storage/errors', element: <ErrorsPage /> },
];

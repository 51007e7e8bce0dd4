import type { RouteObject } from 'react-router';
import { placeholderRoutes } from '../../ui/placeholder-routes';

/** Storage module (spec §2). */
export const storageRoutes: RouteObject[] = placeholderRoutes([
  { path: 'storage/buckets', titleKey: 'menu.items.storageBuckets' },
  { path: 'storage/buckets/edit', titleKey: 'menu.items.storageBuckets', action: 'edit' },
  { path: 'storage/files', titleKey: 'menu.items.storageFiles' },
  { path: 'storage/logs', titleKey: 'menu.items.storageLogs' },
  { path: 'storage/errors', titleKey: 'menu.items.storageErrors' },
]);

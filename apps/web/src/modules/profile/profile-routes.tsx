import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../../app/lazy-with-retry';

const ProfilePage = lazyWithRetry(() => import('./profile-page'));

export const profileRoutes: RouteObject[] = [{ path: 'profile', element: <ProfilePage /> }];

import type { RouteObject } from 'react-router';
import { lazyWithRetry } from '../app/lazy-with-retry';
import type { MenuLabelKey } from '../shell/menu';
import type { PlaceholderAction } from './placeholder-page';

const PlaceholderPage = lazyWithRetry(() => import('./placeholder-page'));

export interface PlaceholderRoute {
  path: string;
  titleKey: MenuLabelKey;
  action?: PlaceholderAction;
}

/** Routes whose screens arrive in later releases; each shows the shared placeholder page. */
export function placeholderRoutes(routes: readonly PlaceholderRoute[]): RouteObject[] {
  return routes.map(({ path, titleKey, action }) => ({
    path,
    element: <PlaceholderPage titleKey={titleKey} action={action} />,
  }));
}

import { createBrowserRouter, type RouteObject } from 'react-router';
import { setPreloadRoutes } from './route-preload';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** `routes` is the route table (`routes.tsx`), handed in by `load-panel.ts`. */
export function createAppRouter(routes: RouteObject[]): AppRouter {
  setPreloadRoutes(routes);
  return createBrowserRouter(routes);
}

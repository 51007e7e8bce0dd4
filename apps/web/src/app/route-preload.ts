import { isValidElement } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';

/** A page component that can start downloading its code before it is rendered (`lazyWithRetry`). */
export interface Preloadable {
  preload: () => void;
}

function isPreloadable(type: unknown): type is Preloadable {
  return typeof type === 'function' && typeof (type as Partial<Preloadable>).preload === 'function';
}

let table: RouteObject[] = [];

/** The route table the panel runs with; `createAppRouter` hands it in. */
export function setPreloadRoutes(routes: RouteObject[]): void {
  table = routes;
}

/**
 * Starts downloading the code of the pages an address would render, so that following a link the
 * administrator points at, focuses or is about to open does not wait for a chain of chunks first. A
 * page already loaded, an unknown address or a failed download cost nothing: the page's own load
 * (with its retries) runs as before when it is rendered.
 */
export function preloadRoute(path: string, routes: RouteObject[] = table): void {
  for (const { route } of matchRoutes(routes, path) ?? []) {
    const element = route.element;
    if (isValidElement(element) && isPreloadable(element.type)) element.type.preload();
  }
}

import type { FastifyInstance, FastifySchema, HTTPMethods } from 'fastify';
import type { RouteAccess } from '../access/route-access.js';

export interface CollectedRoute {
  method: HTTPMethods;
  url: string;
  schema: FastifySchema | undefined;
  /** What the route declared to access control (`config.access`). */
  access?: RouteAccess | undefined;
}

/**
 * Every route the server registers, as Fastify reports it (`onRoute`). Installed on the root before
 * any plugin, so no route escapes it; the OpenAPI document is built from this list.
 */
export function collectRoutes(app: FastifyInstance): () => readonly CollectedRoute[] {
  const routes: CollectedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // Fastify adds a HEAD beside every GET: it is the GET without a body, not an operation of its own.
      if (method === 'HEAD') continue;
      routes.push({ method, url: route.url, schema: route.schema, access: route.config?.access });
    }
  });
  return () => routes;
}

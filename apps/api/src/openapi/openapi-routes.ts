import type { FastifyInstance } from 'fastify';
import { DOCS_HTML, DOCS_JS } from './docs-page.js';
import { buildOpenApiDocument } from './openapi-document.js';
import type { CollectedRoute } from './route-collector.js';

/**
 * `GET /openapi.json` (built once, after every route is registered) and the reference page `/docs`.
 * Registered last, so the document lists every route of the services.
 */
export function registerOpenApi(
  app: FastifyInstance,
  routes: () => readonly CollectedRoute[],
  serverUrl: string,
) {
  let document: Record<string, unknown> | undefined;
  app.get('/openapi.json', async (_request, reply) => {
    document ??= buildOpenApiDocument(routes(), serverUrl);
    reply.header('cache-control', 'no-cache');
    return document;
  });
  app.get('/docs', async (_request, reply) => reply.type('text/html; charset=utf-8').send(DOCS_HTML));
  app.get('/docs/docs.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(DOCS_JS),
  );
}

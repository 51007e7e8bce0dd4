import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { RUNTIME_CONFIG_URL, type RuntimeConfig } from '@pult/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendRouteNotFound } from '../http/error-handler.js';

/** The built panel next to the services: `apps/web/dist`, unless WEB_DIST_DIR says otherwise. */
export function defaultWebDistDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // Bundled (apps/api/dist/main.js) or from source (apps/api/src/web/panel.ts): both reach apps/web/dist.
  const candidates = [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

export async function registerPanel(
  app: FastifyInstance,
  options: { distDir: string; runtimeConfig: RuntimeConfig },
) {
  app.get(RUNTIME_CONFIG_URL, async (_request, reply) => {
    // Read at every start of the panel, so a changed deployment setting applies on the next load.
    reply.header('cache-control', 'no-cache');
    return options.runtimeConfig;
  });

  if (!existsSync(path.join(options.distDir, 'index.html'))) {
    app.log.warn(
      { distDir: options.distDir },
      'The panel is not built; only the services are served (run npm run build)',
    );
    app.setNotFoundHandler(sendRouteNotFound);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.distDir,
    wildcard: false,
    index: ['index.html'],
    // The build writes .br and .gz beside each text file (apps/web/build/precompress-plugin.ts); they
    // are sent by the request's Accept-Encoding, with Vary: Accept-Encoding, at no cost per request.
    preCompressed: true,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // Panel routes share prefixes with services (/auth/users vs /auth/admin/users), so a browser
  // navigation is told apart by what it accepts, not by its path.
  app.setNotFoundHandler((request, reply) => {
    if (isPageNavigation(request)) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return sendRouteNotFound(request, reply);
  });
}

function isPageNavigation(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  const accept = request.headers.accept ?? '';
  return request.method === 'GET' && accept.includes('text/html') && !path.extname(pathname);
}

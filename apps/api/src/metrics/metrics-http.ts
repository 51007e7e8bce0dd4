import { createHash, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { exposition, metrics, startDefaultMetrics } from './metrics.js';

/** Where `/metrics` is served: its own loopback listener, the main port behind a token, or nowhere. */
export interface MetricsConfig {
  /** A second listener for `/metrics` only (METRICS_PORT, METRICS_HOST). */
  port: number | undefined;
  host: string;
  /** `/metrics` on the main port, for `Authorization: Bearer <token>` only (METRICS_TOKEN). */
  token: string | undefined;
}

export function metricsEnabled(config: MetricsConfig): boolean {
  return config.port !== undefined || config.token !== undefined;
}

const started = Symbol('metricsStarted');
type Timed = FastifyRequest & { [started]?: bigint };

/**
 * Times every request by method, route pattern (`request.routeOptions.url`: `/auth/admin/users`, never
 * the URL with its query or ids; "unmatched" for a 404 without a route) and status class, and keeps
 * the number in flight. WebSocket upgrades are left to the chat's own gauge.
 */
export function instrumentRequests(app: FastifyInstance): void {
  const end = (request: FastifyRequest, reply: FastifyReply | undefined) => {
    const timed = request as Timed;
    const start = timed[started];
    if (start === undefined) return;
    timed[started] = undefined;
    metrics.requestEnded();
    if (!reply) return;
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    metrics.requestObserved(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      seconds,
    );
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') {
      (request as Timed)[started] = process.hrtime.bigint();
      metrics.requestStarted();
    }
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    end(request, reply);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    end(request, undefined);
    done();
  });
}

async function answer(reply: FastifyReply) {
  const { contentType, body } = await exposition();
  return reply.header('cache-control', 'no-store').type(contentType).send(body);
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/** True when the header is `Bearer <token>`; compared in constant time (of equal-length digests). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer +(.+)$/i.exec(header ?? '');
  return timingSafeEqual(digest(match?.[1]?.trim() ?? ''), digest(token)) && match !== null;
}

/** `/metrics` on the main server, answered only to the bearer of `token`. */
export function registerTokenMetrics(app: FastifyInstance, token: string): void {
  startDefaultMetrics();
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .header('cache-control', 'no-store')
        .send({ message: 'Unauthorized' });
    }
    return answer(reply);
  });
}

/** The second, small listener that serves `/metrics` and nothing else (no token: keep it off the public network). */
export function createMetricsServer(): FastifyInstance {
  startDefaultMetrics();
  const server = Fastify({ logger: false });
  server.get('/metrics', async (_request, reply) => answer(reply));
  return server;
}

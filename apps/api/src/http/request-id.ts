import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a caller (a balancer, the panel) may choose as an id: short, and safe in a log line or a header. */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the incoming `X-Request-Id` when it is a sane value, else a fresh UUID. Every
 * log line of the request carries it as `reqId`.
 */
export function requestIdOf(raw: IncomingMessage): string {
  const given = raw.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Fastify's options for it: the header is read by `requestIdOf`, never taken as it is. */
export const requestIdOptions = { requestIdHeader: false, genReqId: requestIdOf } as const;

/** Every response answers its request's id in `X-Request-Id`, so a user can quote it. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}

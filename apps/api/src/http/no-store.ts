import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A route hook for answers that carry secrets (tokens, freshly made API keys): no browser or proxy
 * may keep them (RFC 6749 §5.1; `Pragma` for HTTP/1.0 caches).
 */
export async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
}

import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Below this a compressed answer saves less than the work costs (docs/performance.md). */
export const COMPRESS_MIN_BYTES = 1024;

/** `application/json` and `application/<x>+json`: the API's own answers. */
const JSON_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

/**
 * JSON answers above ~1 KB are compressed (brotli at quality 4, else gzip) for clients that accept
 * it, with `Vary: Accept-Encoding`. Only JSON: the panel's assets are precompressed at build and carry
 * their own Content-Encoding, stored files are mostly compressed already (and are served in ranges),
 * and an event stream must reach the client message by message. Request bodies are not decompressed:
 * the body limit counts what arrives.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: (contentType: string) => JSON_TYPE.test(contentType),
    globalDecompression: false,
  });
}

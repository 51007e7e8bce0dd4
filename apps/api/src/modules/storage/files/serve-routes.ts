import { type FileDisposition, fileNameOf } from '@pult/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { type Clock, toEpochSeconds } from '../../../lib/clock.js';
import type { BlobStore } from '../blobs/blob-store.js';
import type { LinkSigner } from '../links/link-signer.js';
import type { FileService } from './file-service.js';
import { contentDisposition, servedAs } from './sniff.js';

export interface ServeRouteDeps {
  db: Db;
  store: BlobStore;
  files: FileService;
  signer: LinkSigner;
  clock: Clock;
  /** The panel's origin: the only page allowed to frame a preview. */
  panelOrigin: string;
}

/** A public file's stable URL redirects to a link this short-lived when the store serves it itself. */
const PUBLIC_REDIRECT_SECONDS = 300;

/**
 * What browsers fetch without a token: signed links of the local driver (`/blobs/<token>/<name>`)
 * and the stable URLs of public buckets (`/public/<bucket>/<path>`). Uploaded content never runs
 * as a page of our origin: it is sandboxed by its CSP, and only safe types are shown inline.
 */
export const serveRoutes: FastifyPluginAsyncZod<ServeRouteDeps> = async (app, deps) => {
  const { store, signer } = deps;

  async function sendBlob(
    reply: FastifyReply,
    blob: { key: string; name: string; type: string; disposition: FileDisposition },
    cacheControl: string,
  ) {
    const stored = await store.get(blob.key);
    if (!stored) throw errors.notFound();
    const sandbox = blob.type === 'application/pdf' ? '' : '; sandbox';
    return reply
      .header('content-type', blob.type)
      .header('content-length', String(stored.size))
      .header('content-disposition', contentDisposition(blob.disposition, blob.name))
      .header('cache-control', cacheControl)
      .header('cross-origin-resource-policy', 'cross-origin')
      .header(
        'content-security-policy',
        `default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors ${deps.panelOrigin}${sandbox}`,
      )
      .send(stored.body);
  }

  // A wildcard, not `:token/:name`: a signed token is longer than a route parameter may be.
  app.get(
    '/blobs/*',
    { config: { access: access.public }, schema: { params: z.object({ '*': z.string() }) } },
    async (request, reply) => {
      const token = request.params['*'].split('/')[0] ?? '';
      const now = toEpochSeconds(deps.clock());
      const check = signer.verify(token, now);
      if (!check.ok) throw errors.forbidden(check.reason);
      const { claims } = check;
      return sendBlob(reply, claims, `private, max-age=${Math.max(0, claims.exp - now)}`);
    },
  );

  app.get(
    '/public/:bucket/*',
    {
      config: { access: access.public },
      schema: {
        params: z.object({ bucket: z.string(), '*': z.string() }),
        querystring: z.object({ download: z.string().optional() }),
      },
    },
    async (request, reply) => {
      const file = await deps.db
        .selectFrom('storage_files as f')
        .innerJoin('storage_buckets as b', 'b.id', 'f.bucket_id')
        .select(['f.blob_key', 'f.path', 'f.mime_type'])
        .where('b.name', '=', request.params.bucket)
        .where('b.access', '=', 'public')
        .where('b.deleting_at', 'is', null)
        .where('f.path', '=', request.params['*'])
        .executeTakeFirst();
      if (!file) throw errors.notFound();
      const wanted: FileDisposition = request.query.download === undefined ? 'inline' : 'attachment';
      if (store.presignGet) {
        const expiresAt = toEpochSeconds(deps.clock()) + PUBLIC_REDIRECT_SECONDS;
        const url = await deps.files.signedUrl(file, wanted, PUBLIC_REDIRECT_SECONDS, expiresAt);
        return reply
          .header('cache-control', `public, max-age=${PUBLIC_REDIRECT_SECONDS - 60}`)
          .redirect(url, 302);
      }
      const served = servedAs(file.mime_type, wanted);
      return sendBlob(
        reply,
        { key: file.blob_key, name: fileNameOf(file.path), ...served },
        'public, max-age=300',
      );
    },
  );
};

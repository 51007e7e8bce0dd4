import fastifyMultipart from '@fastify/multipart';
import { SERVICE_BASE_PATHS } from '@pult/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { BlobStoreConfig } from '../../config/env.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuthApi } from '../auth/index.js';
import type { BlobStore } from './blobs/blob-store.js';
import { createBlobStore } from './blobs/create-blob-store.js';
import { createBucketHandlers } from './buckets/bucket-handlers.js';
import { bucketImportTarget } from './buckets/bucket-import.js';
import { createBucketPurger } from './buckets/bucket-purge.js';
import { bucketRoutes } from './buckets/bucket-routes.js';
import { createStorageDashboard } from './dashboard/cards.js';
import { adminFileRoutes } from './files/admin-file-routes.js';
import { createFileService } from './files/file-service.js';
import { platformFileRoutes } from './files/platform-file-routes.js';
import { MULTIPART_LIMITS } from './files/receive-upload.js';
import { serveRoutes } from './files/serve-routes.js';
import { createBlobGc } from './gc/blob-gc.js';
import { loadLinkSecret } from './links/link-secret.js';
import { createLinkSigner } from './links/link-signer.js';
import { createIngest } from './logs/ingest.js';
import { createLogNames } from './logs/log-names.js';
import { createLogPruning } from './logs/log-pruning.js';
import { logRoutes } from './logs/log-routes.js';
import { createStorageReports } from './reports/storage-reports.js';
import { seedStorageDemo } from './seed/storage-demo.js';
import { createStorageSettings } from './settings/storage-settings.js';

export interface StorageModuleDeps {
  db: Db;
  clock: Clock;
  auth: AuthApi;
  secretBox: SecretBox;
  blobStore: BlobStoreConfig;
  /** The storage service's public base URL (links to files point there). */
  serviceUrl: string;
  /** The panel's URL: the only page that may frame a file preview. */
  panelUrl: string;
  logger: FastifyBaseLogger;
  /** A store built elsewhere (tests); otherwise one is made from `blobStore`. */
  store?: BlobStore;
}

const DAY_MS = 86_400_000;

/** Origins the panel must be allowed to show previews from: the S3 store's, when files live there. */
export async function storagePreviewOrigins(config: BlobStoreConfig): Promise<string[]> {
  const store = createBlobStore(config);
  if (!store.presignGet) return [];
  const sample = await store.presignGet('files/0/00/origin-probe', {
    expiresInSeconds: 60,
    contentType: 'text/plain',
    contentDisposition: 'inline',
  });
  return [new URL(sample).origin];
}

/**
 * The storage service: buckets and files on a local or S3-compatible blob store, the platform's
 * file API, and user logs and errors with triage. Other modules see only what this returns.
 */
export async function createStorageModule(deps: StorageModuleDeps) {
  const { db, clock, logger } = deps;
  const store = deps.store ?? createBlobStore(deps.blobStore);
  const gc = createBlobGc(db, store, clock, logger);
  const signer = createLinkSigner(await loadLinkSecret(db, deps.secretBox));
  const files = createFileService({
    db,
    logger,
    store,
    gc,
    clock,
    signer,
    directory: deps.auth.directory,
    serviceUrl: deps.serviceUrl,
  });
  const purger = createBucketPurger(db, clock, gc);
  const names = createLogNames(db);
  const ingest = createIngest(db, names, clock);
  const pruning = createLogPruning(db);
  const settings = createStorageSettings(db, clock);
  const requireServiceKey = deps.auth.requireServiceKey('storage');

  return {
    store,
    /** Storage's dashboard cards. */
    dashboard: createStorageDashboard(db, clock),
    /** The Storage and Errors reports. */
    reports: createStorageReports(db),
    /** Blob deletions still to do (the metrics' GC backlog), counted up to 100,000. */
    async blobGcBacklog(): Promise<number> {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n
        from (select 1 from storage_blob_gc limit 100000) as backlog`.execute(db);
      return Number(rows[0]?.n ?? 0);
    },

    async register(app: FastifyInstance, prefix: string = SERVICE_BASE_PATHS.storage) {
      await app.register(
        async (scope) => {
          await scope.register(fastifyMultipart, { limits: MULTIPART_LIMITS });
          await scope.register(bucketRoutes, {
            handlers: createBucketHandlers(db, clock, purger),
            importTarget: bucketImportTarget(db),
          });
          await scope.register(adminFileRoutes, { db, files, directory: deps.auth.directory });
          await scope.register(platformFileRoutes, { db, files, auth: deps.auth });
          await scope.register(serveRoutes, {
            db,
            store,
            files,
            signer,
            clock,
            panelOrigin: new URL(deps.panelUrl).origin,
          });
          await scope.register(logRoutes, {
            db,
            clock,
            ingest,
            names,
            pruning,
            settings,
            requireServiceKey,
          });
        },
        { prefix },
      );
    },

    /** Hourly: logs and errors past their retention, blobs due for deletion, interrupted bucket deletes. */
    async prune(): Promise<void> {
      const kept = await settings.get();
      const now = clock().getTime();
      await pruning.deleteLogs({ to: new Date(now - kept.log_retention_days * DAY_MS) });
      await pruning.deleteErrors({ to: new Date(now - kept.error_retention_days * DAY_MS) });
      await purger.resume();
      await gc.collectDue();
    },

    /** Demo buckets, files, logs and errors on a fresh database (nothing when buckets exist). */
    seedDemo: () => seedStorageDemo({ db, files, ingest, directory: deps.auth.directory, logger }),
  };
}

export type StorageModule = Awaited<ReturnType<typeof createStorageModule>>;

import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { addSeconds, type Clock } from '../../../lib/clock.js';
import type { BlobStore } from '../blobs/blob-store.js';

/** An upload still running this long after it began is taken for dead and its blob collected. */
export const UPLOAD_GRACE_SECONDS = 24 * 3600;
/** A claimed collection that has not finished by then is taken over by another process. */
const CLAIM_SECONDS = 600;
const BATCH = 500;

/**
 * Blobs are deleted only after the database no longer needs them, through `storage_blob_gc`: a row
 * is written in the same transaction that lets a blob go (a deleted or replaced file), or before an
 * upload starts writing one. Deleting the blob and then the row is retried until it succeeds, so a
 * store that fails, or a process that dies, leaves neither a file without its blob nor an orphan blob.
 */
export function createBlobGc(db: Db, store: BlobStore, clock: Clock, logger: FastifyBaseLogger) {
  async function forget(keys: readonly string[]): Promise<void> {
    if (keys.length > 0) await db.deleteFrom('storage_blob_gc').where('blob_key', 'in', keys).execute();
  }

  return {
    /** Records an upload about to write `key`: collected unless `keep` is called first. */
    async intend(key: string): Promise<void> {
      await db
        .insertInto('storage_blob_gc')
        .values({ blob_key: key, due_at: addSeconds(clock(), UPLOAD_GRACE_SECONDS) })
        .execute();
    },

    /** The blob now belongs to a file: called in the transaction that inserts the file row. */
    async keep(executor: Executor, key: string): Promise<void> {
      await executor.deleteFrom('storage_blob_gc').where('blob_key', '=', key).execute();
    },

    /** Marks blobs for deletion now, in the transaction that lets them go. */
    async release(executor: Executor, keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      await executor
        .insertInto('storage_blob_gc')
        .values(keys.map((blob_key) => ({ blob_key, due_at: clock() })))
        .onConflict((oc) => oc.column('blob_key').doUpdateSet({ due_at: clock() }))
        .execute();
    },

    /** Deletes released blobs now; what fails stays recorded for `collectDue`. */
    async collect(keys: readonly string[]): Promise<void> {
      if (keys.length === 0) return;
      try {
        await store.delete(keys);
        await forget(keys);
      } catch (err) {
        logger.warn({ err, count: keys.length }, 'Blob deletion failed; it will be retried');
      }
    },

    /** Deletes every blob whose time has come, in batches; several processes may run it at once. */
    async collectDue(): Promise<number> {
      let total = 0;
      for (;;) {
        const now = clock();
        const { rows } = await sql<{ blob_key: string }>`
          update storage_blob_gc set due_at = ${addSeconds(now, CLAIM_SECONDS)}
          where blob_key in (
            select blob_key from storage_blob_gc where due_at <= ${now}
            order by due_at limit ${BATCH} for update skip locked)
          returning blob_key`.execute(db);
        const keys = rows.map((row) => row.blob_key);
        if (keys.length === 0) return total;
        await store.delete(keys);
        await forget(keys);
        total += keys.length;
      }
    },
  };
}

export type BlobGc = ReturnType<typeof createBlobGc>;

import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';
import type { BlobGc } from '../gc/blob-gc.js';

const BATCH = 500;

/**
 * Removes a bucket marked for deletion: its files in batches (each batch's blobs released in the
 * same transaction, then deleted), then the bucket. A process that dies midway leaves the bucket
 * marked; housekeeping resumes it.
 */
export function createBucketPurger(db: Db, clock: Clock, gc: BlobGc) {
  async function purge(bucketId: number): Promise<void> {
    for (;;) {
      const keys = await db.transaction().execute(async (trx) => {
        // The bucket row first, as every write to a bucket's files takes it, so no two wait on each other.
        await sql`select id from storage_buckets where id = ${bucketId} for no key update`.execute(trx);
        const { rows } = await sql<{ blob_key: string }>`
          delete from storage_files where id in (
            select id from storage_files where bucket_id = ${bucketId} order by id limit ${BATCH})
          returning blob_key`.execute(trx);
        const released = rows.map((row) => row.blob_key);
        await gc.release(trx, released);
        return released;
      });
      if (keys.length === 0) break;
      await gc.collect(keys);
    }
    await db
      .deleteFrom('storage_buckets')
      .where('id', '=', bucketId)
      .where('deleting_at', 'is not', null)
      .execute();
  }

  return {
    purge,
    /** Finishes deletes that a stopped process left half done (older than a minute: not still running). */
    async resume(): Promise<void> {
      const stale = await db
        .selectFrom('storage_buckets')
        .select('id')
        .where('deleting_at', '<', new Date(clock().getTime() - 60_000))
        .execute();
      for (const { id } of stale) await purge(id);
    },
  };
}

export type BucketPurger = ReturnType<typeof createBucketPurger>;

import { type Bucket, type BucketCreate, type BucketUpdate, bucketDeleteQuerySchema } from '@pult/contract';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { RecordHandlers } from '../../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../../resources/db-errors.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { runList } from '../../../resources/list-sql.js';
import { recordVersions } from '../../../resources/record-version.js';
import { transact, writeInScope } from '../../../resources/scoped-write.js';
import { timestamps } from '../../../resources/timestamps.js';
import type { BucketRow } from '../tables.js';
import type { BucketPurger } from './bucket-purge.js';
import { bucketListSource, toBucket } from './bucket-source.js';

const CONSTRAINTS: ConstraintFields = { storage_buckets_name_key: { name: 'nameTaken' } };

/**
 * Buckets. Deleting one that holds files needs `?confirm_files=N` with N its current file count:
 * the administrator confirms what is really there, and a file that arrives meanwhile changes N, so
 * the confirmation no longer matches and nothing is deleted.
 */
export function createBucketHandlers(
  db: Db,
  clock: Clock,
  purger: BucketPurger,
): RecordHandlers<number, Bucket, BucketCreate, BucketUpdate> {
  const find = async (id: number) => {
    const row = await db
      .selectFrom('storage_buckets')
      .selectAll()
      .where('id', '=', id)
      .where('deleting_at', 'is', null)
      .executeTakeFirst();
    return row && toBucket(row);
  };

  return {
    list: (request) => runList(db, bucketListSource, request),
    versions: recordVersions(db, bucketListSource),
    exportRows: (request) => walkList(db, bucketListSource, request),
    get: find,
    create: (body) =>
      withConstraintErrors(CONSTRAINTS, async () =>
        toBucket(
          await db
            .insertInto('storage_buckets')
            .values({ ...body, ...timestamps(clock()) })
            .returningAll()
            .executeTakeFirstOrThrow(),
        ),
      ),
    update: (id, body, context) =>
      writeInScope(db, bucketListSource, id, context, async (executor) => {
        const row = await executor
          .updateTable('storage_buckets')
          .set({ ...body, updated_at: clock() })
          .where('id', '=', id)
          .where('deleting_at', 'is', null)
          .returningAll()
          .executeTakeFirst();
        return row && toBucket(row);
      }),
    remove: async (id, context) => {
      const query = bucketDeleteQuerySchema.safeParse(context.query ?? {});
      if (!query.success) throw errors.fields({ confirm_files: 'invalidValue' });
      const scoped = (write: (trx: Transaction<Database>) => Promise<BucketRow | undefined>) =>
        writeInScope(db, bucketListSource, id, context, (executor) => transact(executor, write), {
          staysInScope: false,
        });
      const row = await scoped(async (trx) => {
        const { rows } = await sql<BucketRow>`select * from storage_buckets
          where id = ${id} and deleting_at is null for update`.execute(trx);
        const bucket = rows[0];
        if (!bucket) return undefined;
        if (bucket.file_count === 0) {
          await trx.deleteFrom('storage_buckets').where('id', '=', id).execute();
          return bucket;
        }
        if (query.data.confirm_files !== bucket.file_count) {
          throw errors.unprocessable('bucketNotEmpty', { count: bucket.file_count });
        }
        // Files go with it, beyond undoing: confirmed with a fresh second factor too.
        context.access.requireStepUp();
        await trx.updateTable('storage_buckets').set({ deleting_at: clock() }).where('id', '=', id).execute();
        return bucket;
      });
      if (row && row.file_count > 0) await purger.purge(id);
      return row && toBucket(row);
    },
  };
}

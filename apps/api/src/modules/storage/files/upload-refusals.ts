import type { UploadRefusalRule } from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/**
 * Counts an upload refused by one of its bucket's rules, per quarter hour and per UTC day (the Storage
 * report's rollups): a refusal leaves no row anywhere else, so it is counted where it is decided.
 */
export async function countRefusal(
  db: Db,
  at: Date,
  bucketId: number,
  rule: UploadRefusalRule,
): Promise<void> {
  // Both rollups in one statement: one round trip, and never one without the other.
  await sql`with slot as (
      insert into report_upload_refusals as r (slot, bucket_id, rule, n)
      values (report_slot(${at}::timestamptz), ${bucketId}, ${rule}, 1)
      on conflict (slot, bucket_id, rule) do update set n = r.n + 1
    )
    insert into report_upload_refusals_daily as r (day, bucket_id, rule, n)
    values ((${at}::timestamptz at time zone 'UTC')::date, ${bucketId}, ${rule}, 1)
    on conflict (day, bucket_id, rule) do update set n = r.n + 1`.execute(db);
}

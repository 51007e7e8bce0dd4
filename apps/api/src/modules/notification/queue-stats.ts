import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';

/** Each status is counted this far: enough to alert on, cheap when a backlog runs into millions. */
const COUNT_CAP = 100_000;

/**
 * The queue as the metrics show it, in one statement on the status indexes: pending, processing and
 * failed rows (each up to the cap; sent and cancelled ones only grow, the day counters have them) and
 * the age of the oldest pending message.
 */
export async function readQueueStats(db: Db, clock: Clock) {
  const capped = (status: string) =>
    sql<number>`(select count(*)::int from (select 1 from email_queue where status = ${status}
      limit ${COUNT_CAP}) as capped)`;
  const { rows } = await sql<{ pending: number; processing: number; failed: number; oldest: Date | null }>`
    select ${capped('pending')} as pending, ${capped('processing')} as processing, ${capped('failed')} as failed,
      (select min(created_at) from email_queue where status = 'pending') as oldest`.execute(db);
  const row = rows[0];
  const oldest = row?.oldest ? new Date(row.oldest) : undefined;
  return {
    rows: { pending: row?.pending ?? 0, processing: row?.processing ?? 0, failed: row?.failed ?? 0 },
    oldestPendingSeconds: oldest ? Math.max(0, (clock().getTime() - oldest.getTime()) / 1000) : 0,
  };
}

import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { spanCounts, withoutJit } from '../../../reports/rollup-sql.js';

/**
 * How many distinct users posted in each span between consecutive `bounds` (local midnights of `tz`,
 * as dates), from `report_chat_senders` (messages per channel × sender, per quarter hour, UTC day and
 * UTC month).
 *
 * A distinct count cannot be added up, but each sender's count of messages can: the span's messages
 * per sender are summed as any count is (whole UTC months and days, the edges corrected by slots,
 * `spanCounts`), and a sender counts once if they have any. So a span of months reads a row per
 * channel, sender and month, where a union of presence rows had to read every day's.
 */
export async function activeSenders(
  db: Db,
  bounds: readonly string[],
  tz: string,
  where: RawBuilder<unknown>,
): Promise<number[]> {
  // The key is only compared, so the uuid is left as it is rather than turned into text per row.
  const perSender = spanCounts(bounds, tz, {
    rollup: 'report_chat_senders',
    key: sql<string>`sender_uid`,
    where,
  });
  const statement = sql<{ bucket: number; n: number }>`
    select bucket, count(*)::int as n from (${perSender}) as s where n > 0 group by 1`;
  const counts = bounds.slice(1).map(() => 0);
  for (const row of await withoutJit(db, statement)) counts[row.bucket - 1] = Number(row.n);
  return counts;
}

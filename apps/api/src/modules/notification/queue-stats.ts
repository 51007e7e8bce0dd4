import { QUEUE_CHANNELS, type QueueChannel } from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';

/** The statuses that drain; sent and cancelled rows only grow, the day counters have them. */
const DRAINING_STATUSES = ['pending', 'processing', 'failed'] as const;
type DrainingStatus = (typeof DRAINING_STATUSES)[number];

export interface ChannelQueueStats {
  /** Rows by channel, then status: every channel and status present, 0 when none. */
  rows: Record<QueueChannel, Record<DrainingStatus, number>>;
  /** Per channel: seconds since its oldest pending message was queued; 0 when none waits. */
  oldestPendingSeconds: Record<QueueChannel, number>;
}

/**
 * The queue as the metrics show it. Rows by channel and status are the Delivery report's monthly
 * rollup (`report_deliveries_monthly`, exact, moved by the queue's triggers in the writing
 * transaction): a few hundred rows however large a backlog grows. The oldest pending message of a
 * channel is found from the first month, then the first UTC day, in which the rollups hold one, and
 * read off the status index within that day only, so no other channel's backlog is walked.
 */
export async function readQueueStats(db: Db, clock: Clock): Promise<ChannelQueueStats> {
  const [counted, oldest] = await Promise.all([
    sql<{ channel: QueueChannel; status: DrainingStatus; n: string | number }>`
      select channel, status, sum(n) as n from report_deliveries_monthly
      where status in (${sql.join(DRAINING_STATUSES.map((status) => sql`${status}`))}) and n > 0
      group by channel, status`.execute(db),
    sql<{ channel: QueueChannel; oldest: Date | string | null }>`
      with months as (
        select channel, min(month) as month from report_deliveries_monthly
        where status = 'pending' and n > 0 group by channel
      ), days as (
        select m.channel, (select min(r.day) from report_deliveries_daily r
          where r.day >= m.month and r.day < (m.month + interval '1 month')::date
            and r.channel = m.channel and r.status = 'pending' and r.n > 0) as day
        from months m
      )
      select d.channel, (select min(q.created_at) from email_queue q
        where q.status = 'pending' and q.channel = d.channel
          and q.created_at >= d.day::timestamp at time zone 'UTC'
          and q.created_at < (d.day + 1)::timestamp at time zone 'UTC') as oldest
      from days d`.execute(db),
  ]);
  const stats = emptyStats();
  for (const row of counted.rows) stats.rows[row.channel][row.status] = Number(row.n);
  const now = clock().getTime();
  for (const row of oldest.rows) {
    if (row.oldest)
      stats.oldestPendingSeconds[row.channel] = Math.max(0, (now - new Date(row.oldest).getTime()) / 1000);
  }
  return stats;
}

function emptyStats(): ChannelQueueStats {
  const each = <T>(value: () => T) =>
    Object.fromEntries(QUEUE_CHANNELS.map((channel) => [channel, value()])) as Record<QueueChannel, T>;
  return {
    rows: each(() => ({ pending: 0, processing: 0, failed: 0 })),
    oldestPendingSeconds: each(() => 0),
  };
}

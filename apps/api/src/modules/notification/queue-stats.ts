import { QUEUE_CHANNELS, type QueueChannel } from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';

/** Each status is read this far: enough to alert on, cheap when a backlog runs into millions. */
const COUNT_CAP = 100_000;

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
 * The queue as the metrics show it, in one statement on the status index: for each draining status,
 * its oldest rows (up to the cap, across channels) split by channel, and per channel the age of the
 * oldest pending message. Past the cap the split is that of the oldest rows: a channel whose waiting
 * messages all came after them reads 0 there, while the other channels' figures already alarm.
 * (The channel is read from each row: no index has it beside the status.)
 */
export async function readQueueStats(db: Db, clock: Clock): Promise<ChannelQueueStats> {
  const { rows } = await sql<{
    status: DrainingStatus;
    channel: QueueChannel;
    n: number;
    oldest: Date | string | null;
  }>`
    select s.status, q.channel, count(*)::int as n, min(q.created_at) as oldest
    from (values ${sql.join(DRAINING_STATUSES.map((status) => sql`(${status}::text)`))}) as s (status)
    cross join lateral (
      select channel, created_at from email_queue
      where status = s.status order by created_at, id limit ${COUNT_CAP}
    ) as q
    group by s.status, q.channel`.execute(db);
  const stats = emptyStats();
  const now = clock().getTime();
  for (const row of rows) {
    stats.rows[row.channel][row.status] = row.n;
    if (row.status === 'pending' && row.oldest)
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

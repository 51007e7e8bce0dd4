import type { Db } from '../../db/database.js';
import { addSeconds, type Clock } from '../../lib/clock.js';

export interface RatePolicy {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the oldest counted event leaves the window. */
  retryAfterSeconds: number;
}

/**
 * Counters kept in the database rather than in memory, so a limit holds across every API process
 * behind a load balancer (ARCHITECTURE.md, "Defaults and scale").
 */
export function createRateLimiter(db: Db, clock: Clock) {
  async function check(policy: RatePolicy, key: string): Promise<RateDecision> {
    const since = addSeconds(clock(), -policy.windowSeconds);
    const row = await db
      .selectFrom('rate_limit_events')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('bucket', '=', policy.bucket)
      .where('key', '=', key)
      .where('created_at', '>', since)
      .executeTakeFirstOrThrow();
    const count = Number(row.count);
    if (count < policy.limit) return { allowed: true, retryAfterSeconds: 0 };
    const oldest = row.oldest ? new Date(row.oldest).getTime() : clock().getTime();
    const retryAfterMs = oldest + policy.windowSeconds * 1000 - clock().getTime();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }

  async function hit(policy: RatePolicy, key: string): Promise<void> {
    await db
      .insertInto('rate_limit_events')
      .values({ bucket: policy.bucket, key, created_at: clock() })
      .execute();
  }

  async function reset(policy: RatePolicy, key: string): Promise<void> {
    await db
      .deleteFrom('rate_limit_events')
      .where('bucket', '=', policy.bucket)
      .where('key', '=', key)
      .execute();
  }

  /** Drops events older than any window, so the table stays small. */
  async function prune(olderThanSeconds = 24 * 3600): Promise<void> {
    await db
      .deleteFrom('rate_limit_events')
      .where('created_at', '<', addSeconds(clock(), -olderThanSeconds))
      .execute();
  }

  return { check, hit, reset, prune };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

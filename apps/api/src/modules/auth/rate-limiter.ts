import type { Db } from '../../db/database.js';
import { addSeconds, type Clock } from '../../lib/clock.js';

export interface RatePolicy {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** One limit applied to one key, e.g. failed sign-ins of one e-mail address. */
export type RateLimit = readonly [policy: RatePolicy, key: string];

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

  /** Allowed only when every limit allows; otherwise blocked until the last of them frees up. */
  async function checkAll(limits: readonly RateLimit[]): Promise<RateDecision> {
    const decisions = await Promise.all(limits.map(([policy, key]) => check(policy, key)));
    const blocked = decisions.filter((decision) => !decision.allowed);
    if (blocked.length === 0) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(...blocked.map((d) => d.retryAfterSeconds)) };
  }

  async function hitAll(limits: readonly RateLimit[]): Promise<void> {
    for (const [policy, key] of limits) await hit(policy, key);
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

  return { checkAll, hitAll, reset, prune };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

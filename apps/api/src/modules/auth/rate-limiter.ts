import type { Transaction } from 'kysely';
import { lockNames } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { addSeconds, type Clock } from '../../lib/clock.js';

export interface RatePolicy {
  bucket: string;
  limit: number;
  windowSeconds: number;
}

/** One limit applied to one key, e.g. failed sign-ins of one e-mail address. */
export type RateLimit = readonly [policy: RatePolicy, key: string];

/** Either the attempt holds a place in every limit it is counted in, or it waits this long. */
export type Reservation =
  | { allowed: true; eventIds: number[] }
  | {
      allowed: false;
      /** Seconds until the oldest counted event leaves the window. */
      retryAfterSeconds: number;
    };

/**
 * Counters kept in the database rather than in memory, so a limit holds across every API process
 * behind a load balancer (ARCHITECTURE.md, "Defaults and scale"). Counting and recording an attempt
 * is one step, under an advisory lock per limit key: however many attempts arrive at once, in however
 * many processes, no more than the limit are let through.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  /**
   * Counts the events of every limit and, when all allow, records one event in each before the
   * attempt goes ahead. The event stays (a failure, a request) unless `release` takes it back.
   */
  async function reserve(limits: readonly RateLimit[]): Promise<Reservation> {
    const now = clock();
    return db.transaction().execute(async (trx) => {
      await lockNames(
        trx,
        limits.map(([policy, key]) => `rate-limit\n${policy.bucket}\n${key}`),
      );
      const waits: number[] = [];
      for (const [policy, key] of limits) {
        const wait = await secondsUntilFree(trx, policy, key, now);
        if (wait > 0) waits.push(wait);
      }
      if (waits.length > 0) return { allowed: false, retryAfterSeconds: Math.max(...waits) };
      const rows = await trx
        .insertInto('rate_limit_events')
        .values(limits.map(([policy, key]) => ({ bucket: policy.bucket, key, created_at: now })))
        .returning('id')
        .execute();
      return { allowed: true, eventIds: rows.map((row) => row.id) };
    });
  }

  /** 0 when the limit has room, else how long until its oldest event leaves the window. */
  async function secondsUntilFree(
    trx: Transaction<Database>,
    policy: RatePolicy,
    key: string,
    now: Date,
  ): Promise<number> {
    const row = await trx
      .selectFrom('rate_limit_events')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('bucket', '=', policy.bucket)
      .where('key', '=', key)
      .where('created_at', '>', addSeconds(now, -policy.windowSeconds))
      .executeTakeFirstOrThrow();
    if (Number(row.count) < policy.limit) return 0;
    const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
    const retryAfterMs = oldest + policy.windowSeconds * 1000 - now.getTime();
    return Math.max(1, Math.ceil(retryAfterMs / 1000));
  }

  /** Takes back the events of a reservation whose attempt turned out not to count. */
  async function release(eventIds: readonly number[]): Promise<void> {
    if (eventIds.length === 0) return;
    await db.deleteFrom('rate_limit_events').where('id', 'in', eventIds).execute();
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

  return { reserve, release, reset, prune };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

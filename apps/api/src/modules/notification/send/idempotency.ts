import { IDEMPOTENCY_TTL_SECONDS } from '@pult/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { addSeconds, type Clock } from '../../../lib/clock.js';

/**
 * Idempotency keys of the send API, valid 24 hours per caller. Taking a key is one
 * `insert … on conflict` inside the send's transaction: a second request with the same key waits on
 * the unique index until the first commits (then answers its id) or rolls back (then takes the key).
 */
export function createIdempotencyKeys(db: Db, clock: Clock) {
  /** The id already queued under the key, or undefined when this transaction now holds the key. */
  async function take(executor: Executor, scope: string, key: string): Promise<number | undefined | null> {
    const now = clock();
    const { rows } = await sql<{ scope: string }>`
      insert into notification_idempotency_keys (scope, key, email_id, created_at, expires_at)
      values (${scope}, ${key}, null, ${now}, ${addSeconds(now, IDEMPOTENCY_TTL_SECONDS)})
      on conflict (scope, key) do update
        set email_id = null, created_at = excluded.created_at, expires_at = excluded.expires_at
        where notification_idempotency_keys.expires_at <= ${now}
      returning scope`.execute(executor);
    if (rows.length > 0) return undefined;
    const existing = await executor
      .selectFrom('notification_idempotency_keys')
      .select('email_id')
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return existing.email_id;
  }

  async function record(executor: Executor, scope: string, key: string, emailId: number): Promise<void> {
    await executor
      .updateTable('notification_idempotency_keys')
      .set({ email_id: emailId })
      .where('scope', '=', scope)
      .where('key', '=', key)
      .execute();
  }

  async function prune(): Promise<void> {
    await db.deleteFrom('notification_idempotency_keys').where('expires_at', '<=', clock()).execute();
  }

  return { take, record, prune };
}

export type IdempotencyKeys = ReturnType<typeof createIdempotencyKeys>;

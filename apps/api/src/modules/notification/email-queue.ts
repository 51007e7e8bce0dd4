import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import type { EmailQueueRow } from './tables.js';

export interface OutgoingEmail {
  to: string;
  templateName: string;
  subject: string;
  text: string;
  html?: string;
  priority?: 'main' | 'queue';
}

/** A claim older than this belonged to a process that died mid-delivery; it is taken over. */
const STALE_CLAIM_SECONDS = 300;
const MAX_BACKOFF_SECONDS = 3600;

/** The e-mail queue table: pending → processing → sent, or back to pending with a back-off, or failed. */
export function createEmailQueue(db: Db, clock: Clock) {
  /** Runs inside the caller's transaction, so a message exists exactly when what caused it does. */
  async function enqueue(executor: Executor, email: OutgoingEmail): Promise<number> {
    const now = clock();
    const row = await executor
      .insertInto('email_queue')
      .values({
        email_to: email.to,
        template_name: email.templateName,
        subject: email.subject,
        body_text: email.text,
        body_html: email.html ?? null,
        priority: email.priority ?? 'queue',
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Claims due messages for this process. `for update skip locked` lets several processes share the
   * queue without two of them sending one message.
   */
  async function claim(limit: number): Promise<EmailQueueRow[]> {
    const now = clock();
    const staleBefore = addSeconds(now, -STALE_CLAIM_SECONDS);
    return db
      .updateTable('email_queue')
      .set((eb) => ({
        status: 'processing',
        claimed_at: now,
        updated_at: now,
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('email_queue')
          .select('id')
          .where((w) =>
            w.or([
              w.and([w('status', '=', 'pending'), w('next_attempt_at', '<=', now)]),
              w.and([w('status', '=', 'processing'), w('claimed_at', '<', staleBefore)]),
            ]),
          )
          .orderBy(sql`priority = 'main'`, 'desc')
          .orderBy('next_attempt_at')
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .returningAll()
      .execute();
  }

  async function markSent(id: number): Promise<void> {
    const now = clock();
    await db
      .updateTable('email_queue')
      .set({
        status: 'sent',
        sent_at: now,
        updated_at: now,
        last_error: null,
        body_text: null,
        body_html: null,
      })
      .where('id', '=', id)
      .execute();
  }

  async function markFailed(row: EmailQueueRow, error: string): Promise<void> {
    const now = clock();
    const exhausted = row.attempts >= row.max_attempts;
    const backoff = Math.min(MAX_BACKOFF_SECONDS, 10 * 2 ** (row.attempts - 1));
    await db
      .updateTable('email_queue')
      .set({
        status: exhausted ? 'failed' : 'pending',
        last_error: error.slice(0, 2000),
        next_attempt_at: addSeconds(now, backoff),
        claimed_at: null,
        updated_at: now,
        // A message that will never go out need not keep its single-use link either.
        ...(exhausted ? { body_text: null, body_html: null } : {}),
      })
      .where('id', '=', row.id)
      .execute();
  }

  return { enqueue, claim, markSent, markFailed };
}

export type EmailQueue = ReturnType<typeof createEmailQueue>;

import { randomUUID } from 'node:crypto';
import type { DeliveryFailureReason, EmailPriority, Locale, QueueChannel } from '@pult/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { addSeconds, type Clock } from '../../lib/clock.js';
import type { MailAttachment } from '../../mail/mailer.js';
import { currentTraceparent } from '../../telemetry/trace-hooks.js';
import type { DeliveryChannel } from './mail-transport.js';
import type { EmailQueueRow } from './tables.js';

/** What an attempt went through: its description for the attempts log, its configuration for the report. */
export type DeliveryVia = Pick<DeliveryChannel, 'describe' | 'config'>;

/** A rendered e-mail, ready to queue. */
export interface OutgoingEmail {
  to: string;
  templateName: string;
  templatePriority: number;
  language: Locale;
  subject: string;
  text: string;
  html: string | null;
  attachments?: readonly MailAttachment[];
  /** Never shown in the queue (TemplatedEmail.private). */
  private?: boolean;
  priority: EmailPriority;
  /** E-mail unless told otherwise; `to` is then an E.164 number or a device token. */
  channel?: QueueChannel;
  /** The template's SMS or push configuration (null: the default one at delivery). */
  configId?: number | null;
}

/**
 * How an attempt failed: `final` fails the message at once; `retryAfterSeconds` is a floor for the
 * back-off; `reason` is its class for the Delivery report (`other` when not given).
 */
export interface FailureKind {
  final?: boolean;
  retryAfterSeconds?: number;
  reason?: DeliveryFailureReason;
}

export interface QueuePolicy {
  /** Attempts before an e-mail is `failed` (the dead letter) until someone retries it. */
  maxAttempts: number;
  /** How long a claim is its claimer's; the sender renews it while it works. */
  leaseSeconds: number;
  /** The domain of the Message-IDs this server makes. */
  messageIdDomain: string;
}

const BACKOFF_BASE_SECONDS = 10;
const MAX_BACKOFF_SECONDS = 3600;
const MAX_ERROR_LENGTH = 2000;

/**
 * The delay before attempt n + 1: exponential from 10 s up to an hour, with "equal jitter" (a random
 * half of it), so messages that failed together (a relay went down) do not all come back at once.
 */
export function backoffSeconds(attempts: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempts - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Orders claimed rows as the queue does: main first, then the template's priority, then age. */
function deliveryOrder(a: EmailQueueRow, b: EmailQueueRow): number {
  const rank = (row: EmailQueueRow) => (row.priority === 'main' ? 0 : 1);
  return rank(a) - rank(b) || a.template_priority - b.template_priority || a.id - b.id;
}

/**
 * The e-mail queue: pending → processing (a leased claim) → sent, or back to pending with a back-off,
 * or failed after the last attempt. Every transition names the claim it ends, so a sender that lost its
 * lease (it stalled, another process took the message over) changes nothing.
 */
export function createEmailQueue(db: Db, clock: Clock, policy: QueuePolicy) {
  /** Runs inside the caller's transaction, so a message exists exactly when what caused it does. */
  async function enqueue(executor: Executor, email: OutgoingEmail): Promise<number> {
    const now = clock();
    const row = await executor
      .insertInto('email_queue')
      .values({
        email_to: email.to,
        template_name: email.templateName,
        template_priority: email.templatePriority,
        language: email.language,
        message_id: `<${randomUUID()}@${policy.messageIdDomain}>`,
        subject: email.subject,
        body_text: email.text,
        body_html: email.html,
        attachments: email.attachments?.length ? JSON.stringify(email.attachments) : null,
        body_private: email.private === true,
        priority: email.priority,
        channel: email.channel ?? 'email',
        config_id: email.configId ?? null,
        trace_parent: currentTraceparent(),
        max_attempts: policy.maxAttempts,
        next_attempt_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Claims up to `limit` messages under `token`: first those whose claimer's lease ran out (a process
   * that died), then due pending ones in delivery order. `for update skip locked` lets any number of
   * processes claim at once without two of them taking one message. Each claim opens an attempt.
   */
  async function claim(limit: number, token: string): Promise<EmailQueueRow[]> {
    const expired = await claimWhere(
      limit,
      token,
      sql`status = 'processing' and lease_until < ${clock()} order by lease_until`,
    );
    const left = limit - expired.length;
    const due =
      left > 0
        ? await claimWhere(
            left,
            token,
            sql`status = 'pending' and next_attempt_at <= ${clock()}
              order by (priority <> 'main'), template_priority, id`,
          )
        : [];
    return [...expired, ...due].sort(deliveryOrder);
  }

  async function claimWhere(limit: number, token: string, condition: ReturnType<typeof sql>) {
    const now = clock();
    const { rows } = await sql<EmailQueueRow>`
      with claimed as (
        update email_queue set status = 'processing', attempts = attempts + 1, claimed_at = ${now},
          lease_until = ${addSeconds(now, policy.leaseSeconds)}, claim_token = ${token}, updated_at = ${now}
        where id in (select id from email_queue where ${condition} limit ${limit} for update skip locked)
        returning *
      ), opened as (
        insert into email_attempts (email_id, attempt, started_at)
        select id, attempts, ${now} from claimed
        on conflict (email_id, attempt) do update
          set started_at = excluded.started_at, finished_at = null, outcome = null, error = null, channel = null
      )
      select * from claimed`.execute(db);
    return rows;
  }

  /** Extends the leases of messages still being sent under `token`. */
  async function renew(ids: readonly number[], token: string): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('email_queue')
      .set({ lease_until: addSeconds(clock(), policy.leaseSeconds) })
      .where('id', 'in', ids)
      .where('claim_token', '=', token)
      .where('status', '=', 'processing')
      .execute();
  }

  /** Marks a claimed message sent and drops its body and attachments; false when the claim was no longer ours. */
  async function markSent(row: EmailQueueRow, token: string, via: DeliveryVia): Promise<boolean> {
    const now = clock();
    const { rows } = await sql<{ id: number }>`
      with done as (
        update email_queue set status = 'sent', sent_at = ${now}, updated_at = ${now}, last_error = null,
          failure_reason = null, via_config = ${via.config},
          body_text = null, body_html = null, attachments = null, lease_until = null, claim_token = null
        where id = ${row.id} and claim_token = ${token}
        returning id, attempts
      ), logged as (
        update email_attempts a set finished_at = ${now}, outcome = 'sent', channel = ${via.describe}
        from done where a.email_id = done.id and a.attempt = done.attempts
      )
      select id from done`.execute(db);
    return rows.length > 0;
  }

  /**
   * Backs a failed attempt off, or fails the message for good after its last attempt. `via` is null
   * when no channel could be set up: the message then counts under its planned configuration again.
   */
  async function markFailed(
    row: EmailQueueRow,
    token: string,
    error: string,
    via: DeliveryVia | null,
    kind: FailureKind = {},
  ): Promise<boolean> {
    const now = clock();
    const exhausted = kind.final === true || row.attempts >= row.max_attempts;
    const delay = Math.max(backoffSeconds(row.attempts), kind.retryAfterSeconds ?? 0);
    const message = error.slice(0, MAX_ERROR_LENGTH);
    const { rows } = await sql<{ id: number }>`
      with done as (
        update email_queue set status = ${exhausted ? 'failed' : 'pending'}, last_error = ${message},
          failure_reason = ${kind.reason ?? 'other'}, via_config = ${via?.config ?? null},
          next_attempt_at = ${addSeconds(now, delay)}, updated_at = ${now},
          lease_until = null, claim_token = null
        where id = ${row.id} and claim_token = ${token}
        returning id, attempts
      ), logged as (
        update email_attempts a set finished_at = ${now}, outcome = 'failed', error = ${message}, channel = ${via?.describe ?? null},
          failure_reason = ${kind.reason ?? 'other'}
        from done where a.email_id = done.id and a.attempt = done.attempts
      )
      select id from done`.execute(db);
    return rows.length > 0;
  }

  /** Gives claimed messages that were never tried back to the queue (shutdown), as if never claimed. */
  async function release(ids: readonly number[], token: string): Promise<void> {
    if (ids.length === 0) return;
    await sql`
      with released as (
        update email_queue set status = 'pending', attempts = attempts - 1, lease_until = null,
          claim_token = null, updated_at = ${clock()}
        where id = any(${sql.val([...ids])}::bigint[]) and claim_token = ${token}
        returning id, attempts + 1 as attempt
      )
      delete from email_attempts a using released r where a.email_id = r.id and a.attempt = r.attempt`.execute(
      db,
    );
  }

  return { enqueue, claim, renew, markSent, markFailed, release };
}

export type EmailQueue = ReturnType<typeof createEmailQueue>;

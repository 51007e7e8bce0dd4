import {
  type BulkOutcome,
  EMAIL_STATUSES,
  type EmailAttempt,
  type EmailQueueCounts,
  type EmailQueueDetail,
  type EmailQueueItem,
  type EmailStatus,
  emailQueueResource,
} from '@pult/contract';
import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { walkList } from '../../../resources/export/list-walk.js';
import type { ListRequest } from '../../../resources/list-request.js';
import { type ListColumn, type ListSource, runList, whereClause } from '../../../resources/list-sql.js';
import { withRowScope } from '../../../resources/row-scope.js';
import type { EmailAttemptsTable, EmailQueueRow } from '../tables.js';

type QueueListRow = Omit<EmailQueueRow, 'subject' | 'body_text' | 'body_html' | 'attachments' | 'message_id'>;

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`q.${name}`), kind });

/** Bodies stay out of the list: a page is a thousandth of what the queue holds, not its mail. */
const source: ListSource<QueueListRow, EmailQueueItem> = {
  descriptor: emailQueueResource,
  table: 'email_queue',
  alias: 'q',
  select: sql`q.id, q.channel, q.priority, q.email_to, q.template_name, q.language, q.status, q.attempts,
    q.max_attempts, q.last_error, q.next_attempt_at, q.sent_at, q.created_at, q.updated_at`,
  columns: {
    id: column('id', 'integer'),
    channel: column('channel', 'text'),
    priority: column('priority', 'text'),
    email_to: column('email_to', 'text'),
    template_name: column('template_name', 'text'),
    status: column('status', 'text'),
    attempts: column('attempts', 'integer'),
    last_error: column('last_error', 'text'),
    sent_at: column('sent_at', 'timestamp'),
    created_at: column('created_at', 'timestamp'),
  },
  key: 'id',
  toItem: toQueueItem,
  countedTable: 'email_queue',
  dayCounts: { table: 'email_queue', dayField: 'created_at' },
};

function toQueueItem(row: QueueListRow): EmailQueueItem {
  return {
    id: row.id,
    channel: row.channel,
    priority: row.priority,
    email_to: row.email_to,
    template_name: row.template_name,
    language: row.language,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    last_error: row.last_error,
    next_attempt_at: row.next_attempt_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

function toAttempt(row: EmailAttemptsTable, email: EmailQueueRow): EmailAttempt {
  const current = email.status === 'processing' && row.attempt === email.attempts;
  return {
    attempt: row.attempt,
    started_at: row.started_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
    outcome: row.outcome ?? (current ? 'in_progress' : 'interrupted'),
    error: row.error,
    channel: row.channel,
  };
}

/** The queue screen: list, one e-mail with its attempts, counts, and what an operator may do. */
export function createQueueHandlers(db: Db, clock: Clock, policy: { maxAttempts: number }) {
  /** Puts failed (or cancelled) e-mails back in the queue with a fresh round of attempts. */
  const requeue = (now: Date) => ({
    status: 'pending' as const,
    next_attempt_at: now,
    updated_at: now,
    max_attempts: sql<number>`attempts + ${policy.maxAttempts}`,
  });

  return {
    list: (request: ListRequest) => runList(db, source, request),
    exportRows: (request: ListRequest) => walkList(db, source, request),
    listSource: source,

    async get(id: number): Promise<EmailQueueDetail | undefined> {
      const row = await db.selectFrom('email_queue').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) return undefined;
      const attempts = await db
        .selectFrom('email_attempts')
        .selectAll()
        .where('email_id', '=', id)
        .orderBy('attempt')
        .execute();
      return {
        ...toQueueItem(row),
        message_id: row.message_id,
        subject: row.subject,
        body_text: row.body_private ? null : row.body_text,
        body_html: row.body_private ? null : row.body_html,
        body_withheld: row.body_private,
        attachments: (row.attachments ?? []).map((file) => ({
          filename: file.filename,
          content_type: file.contentType,
          size: Buffer.byteLength(file.content, 'utf8'),
        })),
        attempt_log: attempts.map((attempt) => toAttempt(attempt, row)),
      };
    },

    /**
     * From the Delivery report's monthly rollup (`report_deliveries_monthly`: queue rows per queued
     * month, channel, template and current status, moved by the queue's own triggers in the writing
     * transaction, so exact): a few hundred rows whatever the queue holds. Counting the statuses other
     * than `sent` off the status index read 5 % of the table, 410 ms at 10,000,000 rows.
     */
    async counts(): Promise<EmailQueueCounts> {
      const { rows } = await sql<{ status: EmailStatus; n: string | number }>`
        select status, sum(n) as n from report_deliveries_monthly group by status`.execute(db);
      const counts = Object.fromEntries(EMAIL_STATUSES.map((status) => [status, 0])) as EmailQueueCounts;
      for (const row of rows) counts[row.status] = Number(row.n);
      return counts;
    },

    async retry(id: number): Promise<void> {
      const done = await db
        .updateTable('email_queue')
        .set(requeue(clock()))
        .where('id', '=', id)
        .where('status', 'in', ['failed', 'cancelled'])
        .where('body_text', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      if (done) return;
      const row = await db
        .selectFrom('email_queue')
        .select(['status', 'body_text'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) throw errors.notFound();
      if (row.status !== 'failed' && row.status !== 'cancelled')
        throw errors.unprocessable('emailNotRetryable');
      throw errors.unprocessable('emailBodyGone');
    },

    async cancel(id: number): Promise<void> {
      const now = clock();
      const done = await db
        .updateTable('email_queue')
        .set({ status: 'cancelled', updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      if (done) return;
      const exists = await db.selectFrom('email_queue').select('id').where('id', '=', id).executeTakeFirst();
      if (!exists) throw errors.notFound();
      throw errors.unprocessable('emailNotCancellable');
    },

    /**
     * Bulk retry: the rule of `retry` per e-mail (failed or cancelled, body still kept); the others are
     * counted by why they were left.
     */
    async bulkRetry(executor: Executor, ids: number[]): Promise<BulkOutcome> {
      const done = await executor
        .updateTable('email_queue')
        .set(requeue(clock()))
        .where('id', 'in', ids)
        .where('status', 'in', ['failed', 'cancelled'])
        .where('body_text', 'is not', null)
        .returning('id')
        .execute();
      const left = await leftOver(executor, ids, done);
      const notRetryable = left.filter((row) => row.status !== 'failed' && row.status !== 'cancelled');
      return {
        updated: done.length,
        skipped: {
          bulkNotRetryable: notRetryable.length,
          bulkBodyGone: left.length - notRetryable.length,
          bulkGone: ids.length - done.length - left.length,
        },
      };
    },

    /** Bulk cancel: pending e-mails only, as `cancel`. */
    async bulkCancel(executor: Executor, ids: number[]): Promise<BulkOutcome> {
      const done = await executor
        .updateTable('email_queue')
        .set({ status: 'cancelled', updated_at: clock() })
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .returning('id')
        .execute();
      const left = await leftOver(executor, ids, done);
      return {
        updated: done.length,
        skipped: { bulkNotCancellable: left.length, bulkGone: ids.length - done.length - left.length },
      };
    },

    /** Every failed e-mail that matches the list's filters, in one statement; returns how many. */
    async retryFailed(request: ListRequest): Promise<number> {
      const matching = sql`select q.id from email_queue as q ${whereClause(withRowScope(source, request.scope), request.conditions)}`;
      const result = await db
        .updateTable('email_queue')
        .set(requeue(clock()))
        .where('status', '=', 'failed')
        .where('body_text', 'is not', null)
        .where(sql<boolean>`id in (${matching})`)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type QueueHandlers = ReturnType<typeof createQueueHandlers>;

/** The e-mails of a batch an action left as they were (those that still exist). */
async function leftOver(executor: Executor, ids: number[], done: { id: number }[]) {
  const changed = new Set(done.map((row) => row.id));
  const rest = ids.filter((id) => !changed.has(id));
  if (rest.length === 0) return [];
  return executor.selectFrom('email_queue').select(['id', 'status']).where('id', 'in', rest).execute();
}

import { z } from 'zod';
import { LOCALES } from '../locales.js';
import { createdAtColumn, dateColumn, idColumn, optionColumn, textColumn } from '../resources/columns.js';
import type { ResourceDescriptor, SelectOption } from '../resources/descriptor.js';

/**
 * The e-mail queue (`notifications/email-queue`). Spec §3 names four statuses; `cancelled` is an
 * administrator's decision that a pending e-mail must not go out (it can be retried later).
 */
export const EMAIL_STATUSES = ['pending', 'processing', 'sent', 'failed', 'cancelled'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
export const EMAIL_PRIORITIES = ['main', 'queue'] as const;
/** The queue carries every channel; the screen lists e-mail unless a channel is chosen. */
export const QUEUE_CHANNELS = ['email', 'sms', 'push'] as const;
export type QueueChannel = (typeof QUEUE_CHANNELS)[number];
export const QUEUE_CHANNEL_OPTIONS: readonly SelectOption[] = QUEUE_CHANNELS.map((value) => ({
  value,
  label: `notifications.queue.channel.${value}`,
}));
export type EmailPriority = (typeof EMAIL_PRIORITIES)[number];
/**
 * Why a message failed, classed when the failure is written (a raw error text is unbounded and may
 * hold an address): the receiving side refused it (`rejected`, an SMTP 5xx or a provider's refusal of
 * the number or token), it was still refused for now after the last try (`temporary`, 4xx, 429, 5xx
 * of a provider), no answer (`connection`: timeout, refused, DNS), bad credentials (`auth`), a
 * configuration the send cannot be made from (`configuration`), another provider answer (`provider`).
 */
export const DELIVERY_FAILURE_REASONS = [
  'rejected',
  'temporary',
  'connection',
  'auth',
  'configuration',
  'provider',
  'other',
] as const;
export type DeliveryFailureReason = (typeof DELIVERY_FAILURE_REASONS)[number];

export const EMAIL_STATUS_OPTIONS: readonly SelectOption[] = EMAIL_STATUSES.map((value) => ({
  value,
  label: `notifications.queue.status.${value}`,
}));
export const EMAIL_PRIORITY_OPTIONS: readonly SelectOption[] = EMAIL_PRIORITIES.map((value) => ({
  value,
  label: `notifications.queue.priority.${value}`,
}));

export const emailQueueItemSchema = z.object({
  id: z.number().int(),
  channel: z.enum(QUEUE_CHANNELS),
  priority: z.enum(EMAIL_PRIORITIES),
  email_to: z.string(),
  template_name: z.string(),
  language: z.enum(LOCALES),
  status: z.enum(EMAIL_STATUSES),
  attempts: z.number().int(),
  max_attempts: z.number().int(),
  last_error: z.string().nullable(),
  next_attempt_at: z.string(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type EmailQueueItem = z.infer<typeof emailQueueItemSchema>;

export const emailAttemptSchema = z.object({
  attempt: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  /** `interrupted`: the process stopped mid-send and another took the message over after its lease. */
  outcome: z.enum(['sent', 'failed', 'interrupted', 'in_progress']),
  error: z.string().nullable(),
  channel: z.string().nullable(),
});
export type EmailAttempt = z.infer<typeof emailAttemptSchema>;

export const emailQueueDetailSchema = emailQueueItemSchema.extend({
  message_id: z.string(),
  subject: z.string(),
  /** Kept until the e-mail is sent: it may carry a single-use link. */
  body_text: z.string().nullable(),
  body_html: z.string().nullable(),
  /** The body is its recipient's only (a mailed report's figures): kept for delivery, never shown. */
  body_withheld: z.boolean(),
  /** Files sent with it (a report's CSV), by name and size in bytes; dropped with the body once sent. */
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number().int() })),
  attempt_log: z.array(emailAttemptSchema),
});
export type EmailQueueDetail = z.infer<typeof emailQueueDetailSchema>;

export const emailQueueResource: ResourceDescriptor = {
  name: 'email-queue',
  service: 'notification',
  path: '/admin/email-queue',
  fields: [
    idColumn(),
    optionColumn('channel', 'notifications.queue.fields.channel', QUEUE_CHANNEL_OPTIONS, false),
    optionColumn('priority', 'notifications.queue.fields.priority', EMAIL_PRIORITY_OPTIONS, false),
    textColumn('email_to', 'notifications.queue.fields.email_to'),
    textColumn('template_name', 'notifications.queue.fields.template_name'),
    optionColumn('status', 'notifications.queue.fields.status', EMAIL_STATUS_OPTIONS, false),
    {
      name: 'attempts',
      label: 'notifications.queue.fields.attempts',
      sortable: true,
      filter: { type: 'number' },
      display: { kind: 'text' },
    },
    textColumn('last_error', 'notifications.queue.fields.last_error', false),
    dateColumn('sent_at', 'notifications.queue.fields.sent_at', 'datetime'),
    createdAtColumn(),
  ],
  defaultSort: '-created_at',
  bulkActions: [
    { name: 'retry', label: 'tableTools.bulk.actions.retry', kind: 'action' },
    { name: 'cancel', label: 'tableTools.bulk.actions.cancel', kind: 'action' },
  ],
};

/** `GET /admin/email-queue/counts`: how many e-mails are in each status right now. */
export const emailQueueCountsSchema = z.object(
  Object.fromEntries(EMAIL_STATUSES.map((status) => [status, z.number().int()])) as Record<
    EmailStatus,
    z.ZodNumber
  >,
);
export type EmailQueueCounts = z.infer<typeof emailQueueCountsSchema>;

/** `POST /admin/email-queue/retry-failed?filter[…]`: how many failed e-mails went back to the queue. */
export const emailRetryResultSchema = z.object({ count: z.number().int(), message: z.string() });
export type EmailRetryResult = z.infer<typeof emailRetryResultSchema>;

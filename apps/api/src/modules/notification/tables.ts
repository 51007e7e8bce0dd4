import type {
  DeliveryFailureReason,
  EmailPriority,
  EmailStatus,
  Locale,
  PushProvider,
  QueueChannel,
  SmsProvider,
  TemplateType,
} from '@pult/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';
import type { MailAttachment } from '../../mail/mailer.js';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type JsonObject = ColumnType<Record<string, unknown>, string | undefined, string>;

export interface EmailQueueTable {
  id: Generated<number>;
  /** `main` is delivered before `queue` (spec §3). */
  priority: ColumnType<EmailPriority, EmailPriority | undefined, EmailPriority>;
  email_to: string;
  template_name: string;
  language: ColumnType<Locale, Locale | undefined, Locale>;
  /** The template's priority when queued (0 first), the second key of the delivery order. */
  template_priority: ColumnType<number, number | undefined, number>;
  /** The `Message-ID` header, fixed at enqueue: a resend after a crash carries the same one. */
  message_id: string;
  subject: string;
  /** Cleared once delivered: a message may carry a single-use link. */
  body_text: string | null;
  body_html: string | null;
  /** The body is the recipient's only (a mailed report): the queue never shows it. */
  body_private: Generated<boolean>;
  /** Files sent with the message (a report's CSV), dropped with the body once delivered. */
  attachments: ColumnType<MailAttachment[] | null, string | null | undefined, string | null>;
  status: ColumnType<EmailStatus, EmailStatus | undefined, EmailStatus>;
  attempts: Generated<number>;
  max_attempts: ColumnType<number, number | undefined, number>;
  last_error: string | null;
  /** The last failure's class (the Delivery report's failure reasons); null once sent. */
  failure_reason: ColumnType<
    DeliveryFailureReason | null,
    DeliveryFailureReason | null | undefined,
    DeliveryFailureReason | null
  >;
  next_attempt_at: Timestamp;
  claimed_at: Date | null;
  /** A claim is the claimer's until then; the sender renews it while it works. */
  lease_until: Date | null;
  /** Names the claim, so a sender whose lease was taken over cannot overwrite the new claimer's result. */
  claim_token: string | null;
  sent_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** The row's channel; `email_to` holds its recipient (address, E.164 number or device token). */
  channel: ColumnType<QueueChannel, QueueChannel | undefined, QueueChannel>;
  /** The template's SMS or push configuration; null sends through the default one. */
  config_id: ColumnType<number | null, number | null | undefined, number | null>;
  /**
   * The configuration the last attempt went through (`DeliveryChannel.config`), which the worker writes
   * with its outcome; null before one did. The Delivery report counts what carried a message, not what
   * was planned (docs/architecture.md).
   */
  via_config: ColumnType<string | null, string | null | undefined, string | null>;
  /** The W3C `traceparent` of the request that queued the message (tracing on), linked from its send. */
  trace_parent: ColumnType<string | null, string | null | undefined, never>;
}

export interface EmailAttemptsTable {
  email_id: number;
  attempt: number;
  started_at: Date;
  finished_at: Date | null;
  /** Null while in progress, or for ever when the process died mid-send. */
  outcome: 'sent' | 'failed' | null;
  error: string | null;
  /** The failure's class, as on the queue row. */
  failure_reason: DeliveryFailureReason | null;
  channel: string | null;
}

export interface SmtpConfigsTable {
  id: Generated<number>;
  name: string;
  host: string;
  port: number;
  username: string | null;
  /** Encrypted with the server's secret key (secret-box); never returned. */
  password_encrypted: string | null;
  encryption: 'none' | 'tls' | 'ssl';
  from_address: string;
  from_name: string | null;
  is_active: Generated<boolean>;
  is_default: Generated<boolean>;
  config_json: ColumnType<Record<string, unknown>, string | undefined, string>;
  /** The secret keys of config_json, sealed together as one JSON object. */
  config_secrets_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
  /** The names of the sealed keys (shown as "set"), never their values. */
  config_secret_keys: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SmsConfigsTable {
  id: Generated<number>;
  name: string;
  provider: SmsProvider;
  api_key: string | null;
  api_secret_encrypted: string | null;
  from_number: string | null;
  is_active: Generated<boolean>;
  is_default: Generated<boolean>;
  config_json: ColumnType<Record<string, unknown>, string | undefined, string>;
  config_secrets_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
  /** The names of the sealed keys (shown as "set"), never their values. */
  config_secret_keys: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface PushConfigsTable {
  id: Generated<number>;
  name: string;
  provider: PushProvider;
  server_key_encrypted: string | null;
  app_id: string | null;
  is_active: Generated<boolean>;
  is_default: Generated<boolean>;
  config_json: ColumnType<Record<string, unknown>, string | undefined, string>;
  config_secrets_encrypted: ColumnType<string | null, string | null | undefined, string | null>;
  /** The names of the sealed keys (shown as "set"), never their values. */
  config_secret_keys: ColumnType<string[], string[] | undefined, string[]>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotificationDevicesTable {
  id: Generated<number>;
  user_id: number;
  token: string;
  platform: 'android' | 'ios' | 'web';
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotificationTemplatesTable {
  id: Generated<number>;
  name: string;
  type: TemplateType;
  subject: string | null;
  content: string;
  email_config_id: number | null;
  sms_config_id: number | null;
  push_config_id: number | null;
  priority: ColumnType<number, number | undefined, number>;
  is_active: ColumnType<boolean, boolean | undefined, boolean>;
  sample_variables: JsonObject;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotificationTranslationsTable {
  id: Generated<number>;
  group_name: string;
  key_name: string;
  /** Text by locale code (`uk-UA`, `en-US`); a language without text is absent. */
  texts: ColumnType<Partial<Record<Locale, string>>, string, string>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotificationIdempotencyKeysTable {
  /** Who sent the key (`service:notification`, `admin:7`): one caller cannot replay another's. */
  scope: string;
  key: string;
  email_id: number | null;
  created_at: Date;
  expires_at: Date;
}

export interface NotificationTables {
  email_queue: EmailQueueTable;
  email_attempts: EmailAttemptsTable;
  smtp_configs: SmtpConfigsTable;
  sms_configs: SmsConfigsTable;
  push_configs: PushConfigsTable;
  notification_devices: NotificationDevicesTable;
  notification_templates: NotificationTemplatesTable;
  notification_translations: NotificationTranslationsTable;
  notification_idempotency_keys: NotificationIdempotencyKeysTable;
}

export type EmailQueueRow = Selectable<EmailQueueTable>;
export type SmtpConfigRow = Selectable<SmtpConfigsTable>;
export type SmsConfigRow = Selectable<SmsConfigsTable>;
export type PushConfigRow = Selectable<PushConfigsTable>;
export type TemplateRow = Selectable<NotificationTemplatesTable>;
export type TranslationRow = Selectable<NotificationTranslationsTable>;

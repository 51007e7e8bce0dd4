import type { ColumnType, Generated, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export const EMAIL_STATUSES = ['pending', 'processing', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export interface EmailQueueTable {
  id: Generated<number>;
  /** `main` is delivered before `queue` (spec §3). */
  priority: ColumnType<'main' | 'queue', 'main' | 'queue' | undefined, 'main' | 'queue'>;
  email_to: string;
  template_name: string;
  subject: string;
  /** Cleared once delivered: a message may carry a single-use link. */
  body_text: string | null;
  body_html: string | null;
  status: Generated<EmailStatus>;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Timestamp;
  claimed_at: Date | null;
  sent_at: Date | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
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
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface NotificationTables {
  email_queue: EmailQueueTable;
  smtp_configs: SmtpConfigsTable;
}

export type EmailQueueRow = Selectable<EmailQueueTable>;
export type SmtpConfigRow = Selectable<SmtpConfigsTable>;

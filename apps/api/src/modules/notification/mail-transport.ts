import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { formatFrom, smtpOptions } from './channels/smtp-check.js';
import { smtpKind } from './configs/config-kinds.js';
import type { EmailQueueRow, SmtpConfigRow } from './tables.js';

export interface MailTransportOptions {
  db: Db;
  secretBox: SecretBox;
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** Only the embedded demo logs links: elsewhere a log is no place for a single-use link. */
  logOutboxLinks: boolean;
  logger: FastifyBaseLogger;
  /** SMTP connections kept open per channel (the sender's concurrency). */
  maxConnections: number;
}

export interface DeliveryChannel {
  describe: string;
  /**
   * The configuration carrying the message, as the Delivery report keys it: `smtp:<id>`, `sms:<id>`,
   * `push:<id>` (ids, not names, which may change), `SMTP_URL` or `outbox`.
   */
  config: string;
  send(row: EmailQueueRow): Promise<void>;
}

interface CachedChannel {
  key: string;
  channel: DeliveryChannel;
  close(): void;
}

/**
 * Where mail goes, looked up before each batch so a newly stored SMTP configuration takes effect
 * without a restart: the default active SMTP configuration, else SMTP_URL, else `.eml` files in the
 * outbox. The channel (a pool of SMTP connections) is kept while the choice stays the same.
 */
export function createChannelResolver(options: MailTransportOptions) {
  let cached: CachedChannel | undefined;

  async function resolve(): Promise<DeliveryChannel> {
    const config = await options.db
      .selectFrom('smtp_configs')
      .selectAll()
      .where('is_default', '=', true)
      .where('is_active', '=', true)
      .executeTakeFirst();
    const key = config
      ? `config:${config.id}:${config.updated_at.getTime()}`
      : options.smtpUrl
        ? 'url'
        : 'outbox';
    if (cached?.key === key) return cached.channel;
    cached?.close();
    cached = undefined;
    const next = config
      ? smtpChannel(fromStoredConfig(config, options), formatFrom(config), {
          describe: `smtp-config:${config.name}`,
          config: `smtp:${config.id}`,
        })
      : options.smtpUrl
        ? smtpChannel(
            { url: options.smtpUrl, pool: true, maxConnections: options.maxConnections },
            options.mailFrom,
            { describe: 'SMTP_URL', config: 'SMTP_URL' },
          )
        : outboxChannel(options);
    cached = { key, ...next };
    return next.channel;
  }

  return {
    resolve,
    close() {
      cached?.close();
      cached = undefined;
    },
  };
}

export type ChannelResolver = ReturnType<typeof createChannelResolver>;

function fromStoredConfig(config: SmtpConfigRow, options: MailTransportOptions): SMTPPool.Options {
  const password = config.password_encrypted ? options.secretBox.open(config.password_encrypted) : null;
  return {
    pool: true,
    maxConnections: options.maxConnections,
    ...smtpOptions({ ...smtpKind.toWrite(config), password }),
  };
}

/** The message of a queue row; its Message-ID is the row's, the same on every attempt. */
function toMessage(row: EmailQueueRow, from: string) {
  return {
    from,
    to: row.email_to,
    subject: row.subject,
    messageId: row.message_id,
    text: row.body_text ?? '',
    ...(row.body_html ? { html: row.body_html } : {}),
    ...(row.attachments ? { attachments: row.attachments } : {}),
    headers: { 'X-Pult-Template': row.template_name, 'X-Pult-Queue-Id': String(row.id) },
  };
}

function smtpChannel(
  target: SMTPPool.Options,
  from: string,
  via: Pick<DeliveryChannel, 'describe' | 'config'>,
): Omit<CachedChannel, 'key'> {
  const transport: Transporter = nodemailer.createTransport(target);
  return {
    channel: {
      ...via,
      async send(row) {
        await transport.sendMail(toMessage(row, from));
      },
    },
    close: () => transport.close(),
  };
}

/** No SMTP server at all: the message is kept as a file (and, in the embedded demo, its links logged). */
function outboxChannel(options: MailTransportOptions): Omit<CachedChannel, 'key'> {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    channel: {
      describe: 'outbox',
      config: 'outbox',
      async send(row) {
        const info = await transport.sendMail(toMessage(row, options.mailFrom));
        await mkdir(options.outboxDir, { recursive: true });
        const file = path.join(options.outboxDir, `${row.id}-${row.template_name}.eml`);
        await writeFile(file, info.message as Buffer, { mode: 0o600 });
        const links = options.logOutboxLinks
          ? ((row.body_text ?? '').match(/https?:\/\/\S+/g) ?? [])
          : undefined;
        options.logger.info(
          { to: row.email_to, subject: row.subject, file, ...(links ? { links } : {}) },
          'No SMTP server configured: e-mail written to the outbox',
        );
      },
    },
    close: () => transport.close(),
  };
}

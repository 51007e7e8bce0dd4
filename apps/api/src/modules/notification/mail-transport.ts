import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Db } from '../../db/database.js';
import type { SecretBox } from '../../lib/secret-box.js';
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
}

export interface DeliveryChannel {
  describe: string;
  send(row: EmailQueueRow): Promise<void>;
}

/**
 * Where mail goes, decided per batch so a newly stored SMTP configuration takes effect without a
 * restart: the default active SMTP configuration, else SMTP_URL, else `.eml` files in the outbox.
 */
export async function resolveDeliveryChannel(options: MailTransportOptions): Promise<DeliveryChannel> {
  const config = await options.db
    .selectFrom('smtp_configs')
    .selectAll()
    .where('is_default', '=', true)
    .where('is_active', '=', true)
    .executeTakeFirst();
  if (config)
    return smtpChannel(
      fromStoredConfig(config, options.secretBox),
      formatFrom(config),
      `smtp-config:${config.name}`,
    );
  if (options.smtpUrl) return smtpChannel(options.smtpUrl, options.mailFrom, 'SMTP_URL');
  return outboxChannel(options);
}

function fromStoredConfig(config: SmtpConfigRow, secretBox: SecretBox): SMTPTransport.Options {
  return {
    host: config.host,
    port: config.port,
    secure: config.encryption === 'ssl',
    requireTLS: config.encryption === 'tls',
    ignoreTLS: config.encryption === 'none',
    ...(config.username
      ? {
          auth: {
            user: config.username,
            pass: config.password_encrypted ? secretBox.open(config.password_encrypted) : '',
          },
        }
      : {}),
  };
}

function formatFrom(config: SmtpConfigRow): string {
  return config.from_name
    ? `"${config.from_name.replaceAll('"', '')}" <${config.from_address}>`
    : config.from_address;
}

function toMessage(row: EmailQueueRow, from: string) {
  return {
    from,
    to: row.email_to,
    subject: row.subject,
    text: row.body_text ?? '',
    ...(row.body_html ? { html: row.body_html } : {}),
    headers: { 'X-Pult-Template': row.template_name, 'X-Pult-Message-Id': String(row.id) },
  };
}

function smtpChannel(
  target: string | SMTPTransport.Options,
  from: string,
  describe: string,
): DeliveryChannel {
  const transport = nodemailer.createTransport(target);
  return {
    describe,
    async send(row) {
      await transport.sendMail(toMessage(row, from));
    },
  };
}

/** No SMTP server at all: the message is kept as a file (and, in the embedded demo, its links logged). */
function outboxChannel(options: MailTransportOptions): DeliveryChannel {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    describe: 'outbox',
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
  };
}

import type { ConfigTestResult, SmtpConfigWrite } from '@pult/contract';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/** "Test connection" and "Send test" give up after this long, whatever the server does. */
export const SMTP_TEST_TIMEOUT_MS = 10_000;

/** An SMTP configuration (secrets opened) as nodemailer's options. */
export function smtpOptions(config: SmtpConfigWrite, timeoutMs?: number): SMTPTransport.Options {
  const extra = config.config_json as {
    helo_name?: string;
    tls_reject_unauthorized?: boolean;
    connection_timeout_ms?: number;
  };
  const timeout = timeoutMs ?? extra.connection_timeout_ms;
  return {
    host: config.host,
    port: config.port,
    secure: config.encryption === 'ssl',
    requireTLS: config.encryption === 'tls',
    ignoreTLS: config.encryption === 'none',
    ...(extra.helo_name ? { name: extra.helo_name } : {}),
    ...(extra.tls_reject_unauthorized === false ? { tls: { rejectUnauthorized: false } } : {}),
    ...(timeout ? { connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout } : {}),
    ...(config.username ? { auth: { user: config.username, pass: config.password ?? '' } } : {}),
  };
}

export function formatFrom(config: Pick<SmtpConfigWrite, 'from_address' | 'from_name'>): string {
  return config.from_name
    ? `"${config.from_name.replaceAll('"', '')}" <${config.from_address}>`
    : config.from_address;
}

/**
 * Runs one SMTP conversation and reports the server's own last answer (its greeting, its reply to
 * AUTH, its acceptance of the message). Only what the server says is kept: nodemailer masks the
 * client's credentials in its transcript, and the transcript is never logged.
 */
async function converse(
  config: SmtpConfigWrite,
  run: (transport: Transporter<SMTPTransport.SentMessageInfo>) => Promise<string | undefined>,
): Promise<ConfigTestResult> {
  let lastAnswer = '';
  const keep = (entry: { tnx?: string } | undefined, message?: unknown) => {
    if (entry?.tnx === 'server') lastAnswer = String(message ?? '').trim();
  };
  const silent = () => undefined;
  const transport = nodemailer.createTransport({
    ...smtpOptions(config, SMTP_TEST_TIMEOUT_MS),
    debug: true,
    logger: {
      level: silent,
      trace: silent,
      debug: keep,
      info: silent,
      warn: silent,
      error: silent,
      fatal: silent,
    },
  } as SMTPTransport.Options);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`No answer within ${SMTP_TEST_TIMEOUT_MS / 1000} s`)),
      SMTP_TEST_TIMEOUT_MS,
    );
  });
  try {
    const answer = await Promise.race([run(transport), deadline]);
    return { ok: true, message: answer || lastAnswer || 'OK' };
  } catch (error) {
    return { ok: false, message: smtpErrorText(error, lastAnswer) };
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

function smtpErrorText(error: unknown, lastAnswer: string): string {
  const { response, message } = error as { response?: string; message?: string };
  return (response ?? message ?? lastAnswer) || 'SMTP error';
}

/** A real handshake (EHLO, STARTTLS when asked, AUTH when a username is set), no message sent. */
export function checkSmtp(config: SmtpConfigWrite): Promise<ConfigTestResult> {
  return converse(config, async (transport) => {
    await transport.verify();
    return undefined;
  });
}

/** Sends a short test e-mail through this configuration (not the default) and reports the server's reply. */
export function sendSmtpTest(
  config: SmtpConfigWrite,
  to: string,
  text: { subject: string; body: string },
): Promise<ConfigTestResult> {
  return converse(config, async (transport) => {
    const info = await transport.sendMail({
      from: formatFrom(config),
      to,
      subject: text.subject,
      text: text.body,
      headers: { 'X-Pult-Test': 'smtp-config' },
    });
    return info.response;
  });
}

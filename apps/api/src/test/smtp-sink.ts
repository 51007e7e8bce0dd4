import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port that keeps what it receives, so tests see mail exactly
 * as a mailbox would.
 */
export async function startSmtpSink(
  options: {
    rejectWith?: string;
    /** The reply code of those refusals (smtp-server's default: 450, a transient one). */
    rejectCode?: number;
    /** Recipients refused at RCPT TO with this reply (say 550 "mailbox unavailable"). */
    refuseRecipients?: Record<string, { code: number; text: string }>;
    /** Refuses this many messages first (a relay that fails, then recovers). */
    rejectFirst?: number;
    /** Waits this long before accepting each message (a slow relay). */
    delayMs?: number;
  } = {},
) {
  const messages: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  let toReject = options.rejectFirst ?? 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = options.refuseRecipients?.[address.address.toLowerCase()];
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
    },
    onData(stream, _session, callback) {
      if (options.rejectWith || toReject > 0) {
        toReject -= 1;
        stream.resume();
        const refusal = new Error(options.rejectWith ?? 'Try again later');
        stream.on('end', () =>
          callback(
            options.rejectCode ? Object.assign(refusal, { responseCode: options.rejectCode }) : refusal,
          ),
        );
        return;
      }
      simpleParser(stream)
        .then(async (mail) => {
          if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
          messages.push(mail);
          for (const wake of waiters.splice(0)) wake();
          callback();
        })
        .catch(callback);
    },
  });
  // A sender killed in the middle of a message (the kill -9 tests) resets its connection; the server
  // reports that as an 'error' event, which unheard would crash the test run. Like a real mailbox it
  // drops that message and goes on: what was received is in `messages`.
  const connectionErrors: Error[] = [];
  server.on('error', (error) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    /** Connections that broke off (a sender that died mid-message). */
    connectionErrors,
    /** Resolves with the n-th message (1-based) once it has arrived. */
    async waitFor(count: number, timeoutMs = 10_000): Promise<ParsedMail> {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`Expected ${count} e-mails, received ${messages.length}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 100);
        });
      }
      return messages[count - 1]!;
    },
    /** Refuses the next `count` messages. */
    rejectNext(count: number): void {
      toReject = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export function recoveryCodeFrom(mail: ParsedMail): string {
  const match = /\/change-password\?code=([\w%-]+)/.exec(mail.text ?? '');
  if (!match?.[1]) throw new Error('No recovery link in the e-mail');
  return decodeURIComponent(match[1]);
}

import type { FailureKind } from './email-queue.js';

/**
 * What an SMTP failure means for the message. A 5xx reply to the envelope (MAIL FROM, RCPT TO: "550
 * mailbox unavailable", "553 address not allowed") or to the message itself (DATA: "552 too big", "554
 * rejected as spam") is the receiving side's final answer for this message: another try would get the
 * same, so it fails at once with that reply as its reason. Everything else backs off and tries again:
 * 4xx replies (greylisting, a full queue), timeouts, refused or dropped connections, and 5xx answers
 * that are about the relay rather than the message (535 authentication failed, a greeting that refuses
 * the connection), which an operator fixes once for every message waiting.
 */
export function smtpFailureKind(error: unknown): FailureKind {
  if (typeof error !== 'object' || error === null) return {};
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  const permanent =
    typeof responseCode === 'number' &&
    responseCode >= 500 &&
    responseCode < 600 &&
    (code === 'EENVELOPE' || code === 'EMESSAGE');
  return permanent ? { final: true } : {};
}

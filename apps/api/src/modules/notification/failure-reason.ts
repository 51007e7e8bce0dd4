import type { DeliveryFailureReason } from '@pult/contract';
import { ProviderError } from './channels/provider-error.js';

/** Nodemailer's codes for a connection that failed or was lost, and the system's for a host not reached. */
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ETLS',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
/** SMTP replies about the client's credentials (530 needed, 534 mechanism too weak, 535 refused). */
const AUTH_REPLIES = new Set([530, 534, 535]);

/** An SMTP failure's class, from nodemailer's `code` and the server's reply code. */
function smtpReason(error: unknown): DeliveryFailureReason {
  if (typeof error !== 'object' || error === null) return 'other';
  const { responseCode, code } = error as { responseCode?: unknown; code?: unknown };
  const reply = typeof responseCode === 'number' ? responseCode : undefined;
  if (code === 'EAUTH' || (reply !== undefined && AUTH_REPLIES.has(reply))) return 'auth';
  if (reply !== undefined && reply >= 500 && reply < 600) return 'rejected';
  if (reply !== undefined && reply >= 400 && reply < 500) return 'temporary';
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return 'connection';
  return 'other';
}

/** A provider's refusal's class, from what the adapter knew when it made the error. */
function providerReason(error: ProviderError): DeliveryFailureReason {
  const { cause, status, unregisteredToken } = error.options;
  if (cause === 'network') return 'connection';
  if (cause === 'configuration') return 'configuration';
  if (unregisteredToken) return 'rejected';
  if (status === 401 || status === 403) return 'auth';
  if (status !== undefined && (status === 429 || status >= 500)) return 'temporary';
  return 'provider';
}

/**
 * The class of a failed attempt, stored beside its raw text so the Delivery report can rank failures
 * by a small fixed set of reasons (the text is unbounded and may contain an address).
 */
export function deliveryFailureReason(error: unknown): DeliveryFailureReason {
  return error instanceof ProviderError ? providerReason(error) : smtpReason(error);
}

import type { Attributes } from '@opentelemetry/api';

/**
 * Attributes that may carry personal data or secrets, as the HTTP, undici and pg instrumentations
 * write them (old and stable semantic conventions both): a client's address and browser, and query
 * strings (a provider's API key, a list filter on an e-mail address).
 */
const DROPPED = [
  'client.address',
  'http.client_ip',
  'net.peer.ip',
  'net.sock.peer.addr',
  'network.peer.address',
  'user_agent.original',
  'http.user_agent',
  'url.query',
] as const;

/** Attributes holding a URL or a path whose query string is cut off (the path stays: it names the call). */
const WITHOUT_QUERY = ['url.full', 'http.url', 'http.target', 'url.path'] as const;

/** Removes personal data from a finished span's attributes, in place (see `ScrubbingSpanProcessor`). */
export function scrubAttributes(attributes: Attributes): void {
  for (const key of DROPPED) delete attributes[key];
  for (const key of WITHOUT_QUERY) {
    const value = attributes[key];
    if (typeof value !== 'string') continue;
    const query = value.indexOf('?');
    if (query >= 0) attributes[key] = value.slice(0, query);
  }
}

/** The parts of a finished span a database error's text reaches. */
export interface ScrubbedSpan {
  attributes: Attributes;
  status: { message?: string };
  events: readonly { attributes?: Attributes }[];
}

/**
 * A PostgreSQL error's text can quote a row ("Key (email)=(…) already exists"): database spans keep
 * that an error happened and its code, not the text.
 */
export function scrubSpan(span: ScrubbedSpan): void {
  scrubAttributes(span.attributes);
  if (span.attributes['db.system'] === undefined && span.attributes['db.system.name'] === undefined) return;
  delete span.status.message;
  for (const event of span.events) {
    if (event.attributes) {
      delete event.attributes['exception.message'];
      delete event.attributes['exception.stacktrace'];
    }
  }
}

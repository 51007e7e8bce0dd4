/** Provider requests give up after this long: a timeout is retried like a 5xx. */
export const PROVIDER_TIMEOUT_MS = 10_000;
const MAX_RETRY_AFTER_SECONDS = 3600;

/**
 * What else is known about a refusal, for the Delivery report's failure reasons: the provider's HTTP
 * status, or that the request never got an answer (`network`) or could not be made from the stored
 * configuration (`configuration`).
 */
export interface ProviderErrorOptions {
  retryAfterSeconds?: number;
  unregisteredToken?: boolean;
  status?: number;
  cause?: 'network' | 'configuration';
}

/**
 * A provider's refusal. `retryable` ones (5xx, 429, timeouts, a lost connection) go back to the queue
 * with a back-off (at least the provider's Retry-After); the others (a bad number, an invalid or
 * unregistered token, bad credentials) fail the message at once with the provider's own message.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly options: ProviderErrorOptions = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** Retry-After as seconds (a number of seconds or an HTTP date), bounded to an hour. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - now) / 1000;
  if (!Number.isFinite(seconds) || seconds < 0) return undefined;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.ceil(seconds));
}

/** Classifies an HTTP answer that is not a success; `detail` is the provider's own error text. */
export function httpError(
  provider: string,
  status: number,
  detail: string,
  retryAfter?: string | null,
  unregisteredToken = false,
): ProviderError {
  const message = `${provider} ${status}: ${detail}`.slice(0, 1000);
  if (status === 429 || status >= 500) {
    const after = retryAfterSeconds(retryAfter);
    return new ProviderError(
      message,
      true,
      after === undefined ? { status } : { status, retryAfterSeconds: after },
    );
  }
  return new ProviderError(message, false, { status, unregisteredToken });
}

/** A configuration the request cannot be made from (a missing number, a key of the wrong kind). */
export function configurationError(message: string, retryable = false): ProviderError {
  return new ProviderError(message, retryable, { cause: 'configuration' });
}

/** A network failure or timeout: worth another try. */
export function networkError(provider: string, error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const cause =
    error instanceof Error
      ? error.cause instanceof Error
        ? error.cause.message
        : error.message
      : String(error);
  const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
  return new ProviderError(
    `${provider}: ${timedOut ? `no answer within ${PROVIDER_TIMEOUT_MS / 1000} s` : cause}`,
    true,
    { cause: 'network' },
  );
}

/** `fetch` bounded by the provider timeout; network failures become retryable ProviderErrors. */
export async function providerFetch(provider: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch (error) {
    throw networkError(provider, error);
  }
}

/** The body of a provider's answer as JSON, or its text when it is not JSON. */
export async function readBody(
  response: Response,
): Promise<{ json: Record<string, unknown> | undefined; text: string }> {
  const text = await response.text();
  try {
    const parsed = JSON.parse(text) as unknown;
    return {
      json: typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : undefined,
      text,
    };
  } catch {
    return { json: undefined, text };
  }
}

/** Joins a base URL from config_json (or the provider's own) and a path. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

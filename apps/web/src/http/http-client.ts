import { FORBIDDEN_TEXTS, type ForbiddenError, forbiddenErrorSchema, toLocale } from '@pult/contract';
import type { SessionManager } from '../session/session-manager';
import { isUnreachableStatus } from './connectivity';
import { HttpError } from './http-error';
import { newTraceparent } from './traceparent';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | undefined>;

export interface RequestOptions {
  /**
   * Sent as JSON, except FormData, which the browser encodes itself (file uploads), and a Blob, sent
   * as it is under its own type (a CSV file to import).
   */
  body?: unknown;
  /** Undefined values are left out, so optional filters can be passed as they are. */
  query?: QueryParams;
  /** False for public calls (sign-in, password recovery): no token, no renewal, a 401 is just an error. */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (`If-Match`, an `Accept` other than JSON); they cannot replace the rest. */
  headers?: Record<string, string>;
}

type OptionsWithoutBody = Omit<RequestOptions, 'body'>;

export interface HttpClient {
  request<T>(method: HttpMethod, url: string, options?: RequestOptions): Promise<T>;
  get<T>(url: string, options?: OptionsWithoutBody): Promise<T>;
  post<T>(url: string, body?: unknown, options?: OptionsWithoutBody): Promise<T>;
  put<T>(url: string, body?: unknown, options?: OptionsWithoutBody): Promise<T>;
  patch<T>(url: string, body?: unknown, options?: OptionsWithoutBody): Promise<T>;
  delete<T>(url: string, options?: RequestOptions): Promise<T>;
  /**
   * The successful response itself, its body unread, for a caller that reads it as a stream (a CSV
   * download with progress); the same token, renewal and error rules as every other call.
   */
  open(method: HttpMethod, url: string, options?: RequestOptions): Promise<Response>;
}

export interface HttpClientDeps {
  session: SessionManager;
  getLocale: () => string;
  fetchFn?: typeof fetch;
  /** Shows the negative notice of a 403 (spec §6). */
  onForbidden?: (text: string) => void;
  /** Told after every call whether its service answered (see `connectivity.ts`). */
  onReachability?: (answered: boolean) => void;
  /**
   * A dangerous action was refused until the administrator confirms it is them (403
   * `step_up_required`): resolves true once they have, and the request is sent once more.
   */
  onStepUp?: () => Promise<boolean>;
  /** A group requires a second factor this sign-in lacks (403 `mfa_enrollment_required`). */
  onEnrollmentRequired?: () => void;
}

type FetchFn = typeof fetch;

interface SendParams {
  method: HttpMethod;
  url: string;
  body?: unknown;
  signal?: AbortSignal;
  token: string | null;
  locale: string;
  headers?: Record<string, string>;
}

// Called through a closure: `window.fetch` invoked as a method of another object throws "Illegal invocation".
const globalFetch: FetchFn = (input, init) => fetch(input, init);

export function withQuery(url: string, query: QueryParams | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (search === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function buildHeaders(params: SendParams, jsonBody: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...params.headers,
    'X-Requested-With': 'XMLHttpRequest',
    Lang: params.locale,
    // Each request its own trace, so a tracing server's spans for it are found by one id (issue 23).
    traceparent: newTraceparent(),
  };
  if (jsonBody) headers['Content-Type'] = 'application/json';
  if (params.token !== null) headers.Authorization = `Bearer ${params.token}`;
  return headers;
}

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

async function send(fetchFn: FetchFn, params: SendParams): Promise<Response> {
  const { body } = params;
  const raw = body instanceof FormData || body instanceof Blob;
  const jsonBody = body !== undefined && !raw;
  const init: RequestInit = {
    method: params.method,
    credentials: 'include',
    headers: buildHeaders(params, jsonBody),
  };
  if (raw) init.body = body;
  else if (body !== undefined) init.body = JSON.stringify(body);
  if (params.signal) init.signal = params.signal;
  try {
    return await fetchFn(params.url, init);
  } catch (error) {
    // Cancellation is not a failure: callers (TanStack Query) recognise the AbortError themselves.
    if (isAbort(error, params.signal)) throw error;
    throw new HttpError(0, null, undefined, { cause: error });
  }
}

/** Error bodies are JSON by contract, but a proxy in between may answer with HTML. */
async function readErrorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function toResult(response: Response): Promise<unknown> {
  if (response.ok) return readSuccessBody(response);
  throw new HttpError(response.status, await readErrorBody(response));
}

async function readSuccessBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(response.status, null, 'Unexpected server response: the body is not JSON', {
      cause: error,
    });
  }
}

/**
 * A call of the public auth endpoints (sign-in, its second step, recovery): it carries no token, so
 * there is nothing to renew and no step-up, and the public screens need no client around it.
 */
export async function postWithoutSession(
  url: string,
  body: unknown,
  locale: string,
  fetchFn: FetchFn = globalFetch,
): Promise<unknown> {
  return toResult(await send(fetchFn, { method: 'POST', url, body, token: null, locale }));
}

export function createHttpClient(deps: HttpClientDeps): HttpClient {
  const { session, getLocale } = deps;
  const fetchFn = deps.fetchFn ?? globalFetch;

  function forbiddenText(body: unknown): string {
    const parsed = forbiddenErrorSchema.safeParse(body);
    return parsed.success && parsed.data.error !== ''
      ? parsed.data.error
      : FORBIDDEN_TEXTS[toLocale(getLocale())];
  }

  function forbiddenCode(body: unknown): ForbiddenError['code'] {
    const parsed = forbiddenErrorSchema.safeParse(body);
    return parsed.success ? parsed.data.code : undefined;
  }

  /**
   * A 403 the administrator can lift: a step-up (then the request goes once more) or a factor their
   * group requires. Anything else is a refusal, shown as the spec's negative notice.
   */
  async function handleForbidden(
    first: Response,
    resend: (token: string | null) => Promise<Response>,
    auth: boolean,
  ): Promise<Response> {
    const body = await readErrorBody(first);
    const code = forbiddenCode(body);
    if (code === 'step_up_required' && deps.onStepUp) {
      if (!(await deps.onStepUp())) throw new HttpError(403, body);
      // The dialog may have stayed open past the access token's life.
      if (auth) await session.ensureFreshToken();
      const again = await resend(auth ? session.getAccessToken() : null);
      if (again.status !== 403) return again;
      return refuse(await readErrorBody(again));
    }
    if (code === 'mfa_enrollment_required' && deps.onEnrollmentRequired) {
      deps.onEnrollmentRequired();
      throw new HttpError(403, body);
    }
    return refuse(body);
  }

  function refuse(body: unknown): never {
    deps.onForbidden?.(forbiddenText(body));
    throw new HttpError(403, body);
  }

  /** Tells whether the service answered; a cancelled call says nothing either way. */
  async function reportReachability(sending: Promise<Response>): Promise<Response> {
    try {
      const response = await sending;
      deps.onReachability?.(!isUnreachableStatus(response.status));
      return response;
    } catch (error) {
      if (error instanceof HttpError && error.status === 0) deps.onReachability?.(false);
      throw error;
    }
  }

  /**
   * A 401: renew once and resend, or end the session (spec §4, §8). A renewal nobody answered (the
   * network is gone, or the page is unloading and cut it short) ends only this request.
   */
  async function retryUnauthorized(
    first: Response,
    sentToken: string,
    resend: (token: string | null) => Promise<Response>,
  ): Promise<Response> {
    // Another request may have renewed the token while this one was on its way: no need to renew again.
    const current = session.getAccessToken();
    if (current !== null && current !== sentToken) return resend(current);
    const renewal = await session.forceRenew();
    if (renewal === 'renewed') return resend(session.getAccessToken());
    if (renewal === 'unreachable') {
      // The connection notice then probes, and refetches what failed once the server answers.
      deps.onReachability?.(false);
      throw new HttpError(0, null);
    }
    await session.signOut({ callServer: false, reason: 'rejected' });
    throw new HttpError(401, await readErrorBody(first));
  }

  async function open(method: HttpMethod, url: string, options: RequestOptions = {}): Promise<Response> {
    const auth = options.auth !== false;
    if (auth) await session.ensureFreshToken();
    const target = withQuery(url, options.query);
    const resend = (token: string | null) =>
      reportReachability(
        send(fetchFn, {
          method,
          url: target,
          body: options.body,
          signal: options.signal,
          token,
          locale: getLocale(),
          headers: options.headers,
        }),
      );
    const sentToken = auth ? session.getAccessToken() : null;
    let response = await resend(sentToken);
    // A 401 to a request sent without a token says nothing about a session (a public page asking early).
    if (response.status === 401 && sentToken !== null) {
      response = await retryUnauthorized(response, sentToken, resend);
    }
    if (response.status === 403) response = await handleForbidden(response, resend, auth);
    if (!response.ok) throw new HttpError(response.status, await readErrorBody(response));
    return response;
  }

  async function request<T>(method: HttpMethod, url: string, options: RequestOptions = {}): Promise<T> {
    // Callers state the response type; the contract's schemas are there when they want to check it.
    return (await readSuccessBody(await open(method, url, options))) as T;
  }

  return {
    request,
    get: (url, options) => request('GET', url, options),
    post: (url, body, options) => request('POST', url, { ...options, body }),
    put: (url, body, options) => request('PUT', url, { ...options, body }),
    patch: (url, body, options) => request('PATCH', url, { ...options, body }),
    delete: (url, options) => request('DELETE', url, options),
    open,
  };
}

/** A service base (with or without a trailing slash) and a path starting with '/'. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/**
 * POSTs `{ refresh_token }` to an auth-service path. The refresh and logout calls bypass the session on
 * purpose: checking freshness before renewing would renew from inside a renewal (spec §7), and logging
 * out needs only the refresh token, not a fresh access token.
 */
function refreshTokenCall(
  path: string,
  fetchFn: FetchFn,
  getAuthBaseUrl: () => string,
  getLocale: () => string,
): (refreshToken: string) => Promise<unknown> {
  return async (refreshToken) => {
    const response = await send(fetchFn, {
      method: 'POST',
      url: joinUrl(getAuthBaseUrl(), path),
      body: { refresh_token: refreshToken },
      token: null,
      locale: getLocale(),
    });
    return toResult(response);
  };
}

/** POST {auth}/admin/refresh-token: resolves with the raw body, rejects on network and HTTP errors. */
export function createRefreshCall(
  fetchFn: FetchFn,
  getAuthBaseUrl: () => string,
  getLocale: () => string,
): (refreshToken: string) => Promise<unknown> {
  return refreshTokenCall('/admin/refresh-token', fetchFn, getAuthBaseUrl, getLocale);
}

/** POST {auth}/admin/logout. */
export function createLogoutCall(
  fetchFn: FetchFn,
  getAuthBaseUrl: () => string,
  getLocale: () => string,
): (refreshToken: string) => Promise<void> {
  const call = refreshTokenCall('/admin/logout', fetchFn, getAuthBaseUrl, getLocale);
  return async (refreshToken) => {
    await call(refreshToken);
  };
}

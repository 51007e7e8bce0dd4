import { vi } from 'vitest';
import { jsonResponse, TEST_CONFIG } from '../../test/test-app';

/** One request the fake API received; `path` is relative to the auth service base. */
export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
  /** The request's own headers (`If-Match`), as the HTTP client set them. */
  headers: Record<string, string>;
}

const AUTH_BASE = new URL(TEST_CONFIG.authServiceUrl).pathname;

/**
 * A fake of the API for screen tests: `answer` decides the response of each call (404 when it returns
 * nothing) and every call is recorded, so a test can check exactly what was sent.
 */
export function fakeApi(answer: (call: FakeCall) => Response | undefined) {
  const calls: FakeCall[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input));
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname.startsWith(AUTH_BASE) ? url.pathname.slice(AUTH_BASE.length) : url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    return answer(call) ?? jsonResponse(404, { message: 'Record not found' });
  }) as unknown as typeof fetch;
  const sent = (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path);
  return { fetchFn, calls, sent };
}

const FAR_FUTURE = String(4_000_000_000);

/** A signed-in administrator whose token needs no renewal. */
export function storeSession(): void {
  window.localStorage.setItem('access_token', 'acc');
  window.localStorage.setItem('refresh_token', 'ref');
  window.localStorage.setItem('expires_at', FAR_FUTURE);
  window.localStorage.setItem('refresh_expired_at', FAR_FUTURE);
  window.localStorage.setItem('language_locale', 'en-US');
}

/** An administrator's record as the edit form receives it. */
export const ADMIN_RECORD = {
  id: 7,
  email: 'ops@example.com',
  first_name: 'Olha',
  last_name: 'Ops',
  username: null,
  phone: null,
  country_id: null,
  city_id: null,
  gender: null,
  birthday: null,
  about_me: null,
  language: 'en-US',
  status: 1,
  groups: [],
};

/** A response carrying a record's version, as `GET` and a saved `PUT` answer it. */
export function withEtag(response: Response, etag: string): Response {
  response.headers.set('ETag', etag);
  return response;
}

import { STORAGE_KEYS } from '@pult/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionManager, type ForcedRenewal, type SessionManager } from '../session/session-manager';
import { deferred, MemoryStorage } from '../session/session-test-fakes';
import { createHttpClient, createLogoutCall, createRefreshCall, withQuery } from './http-client';
import { HttpError } from './http-error';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A session whose token and renewal the test controls. */
function fakeSession(initialToken: string | null = 'a0') {
  let token = initialToken;
  const session = {
    start: vi.fn(async () => {}),
    signIn: vi.fn(),
    getAccessToken: vi.fn(() => token),
    isSignedIn: vi.fn(() => token !== null),
    ensureFreshToken: vi.fn(async () => {}),
    forceRenew: vi.fn(async (): Promise<ForcedRenewal> => {
      token = 'a1';
      return 'renewed';
    }),
    signOut: vi.fn(async () => {
      token = null;
    }),
    signOutReason: vi.fn(() => null),
    subscribe: vi.fn(() => () => {}),
    stop: vi.fn(),
  } satisfies SessionManager;
  return {
    session,
    setToken(next: string | null) {
      token = next;
    },
  };
}

function setup(options: { token?: string | null; locale?: string; stepUp?: boolean } = {}) {
  const { session, setToken } = fakeSession(options.token === undefined ? 'a0' : options.token);
  const fetchFn: FetchMock = vi.fn<typeof fetch>();
  const onForbidden = vi.fn<(text: string) => void>();
  const onReachability = vi.fn<(answered: boolean) => void>();
  const onStepUp = vi.fn(async () => options.stepUp ?? true);
  const onEnrollmentRequired = vi.fn();
  const client = createHttpClient({
    session,
    getLocale: () => options.locale ?? 'en-US',
    fetchFn,
    onForbidden,
    onReachability,
    onStepUp,
    onEnrollmentRequired,
  });
  return { client, session, setToken, fetchFn, onForbidden, onReachability, onStepUp, onEnrollmentRequired };
}

function sentInit(fetchFn: FetchMock, call = 0): RequestInit {
  const init = fetchFn.mock.calls[call]?.[1];
  if (!init) throw new Error(`fetch call ${call} has no init`);
  return init;
}

function sentHeaders(fetchFn: FetchMock, call = 0): Record<string, string> {
  return sentInit(fetchFn, call).headers as Record<string, string>;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('withQuery', () => {
  it('appends defined values, encoded', () => {
    expect(
      withQuery('/auth/admin/users', { page: 2, perPage: 10, sort: '-created_at,email', q: undefined }),
    ).toBe('/auth/admin/users?page=2&perPage=10&sort=-created_at%2Cemail');
    expect(withQuery('/x', { 'filter[email]': 'ann@x.io' })).toBe('/x?filter%5Bemail%5D=ann%40x.io');
  });

  it('extends an existing query and leaves the url alone when there is nothing to add', () => {
    expect(withQuery('/admin/settings?translate=true', { page: 1 })).toBe(
      '/admin/settings?translate=true&page=1',
    );
    expect(withQuery('/x', { a: undefined })).toBe('/x');
    expect(withQuery('/x', undefined)).toBe('/x');
  });
});

describe('createHttpClient: what every call sends', () => {
  it('sends the spec §7 headers, credentials and the bearer token', async () => {
    const { client, fetchFn } = setup({ locale: 'uk-UA' });
    fetchFn.mockResolvedValueOnce(json(200, { ok: 1 }));
    await expect(client.get('/auth/admin/profile-basic', { query: { page: 1 } })).resolves.toEqual({ ok: 1 });

    expect(fetchFn).toHaveBeenCalledWith('/auth/admin/profile-basic?page=1', expect.anything());
    const init = sentInit(fetchFn);
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(sentHeaders(fetchFn)).toEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Lang: 'uk-UA',
      Authorization: 'Bearer a0',
      traceparent: expect.stringMatching(TRACEPARENT),
    });
  });

  it('sends a JSON body with its content type', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockResolvedValueOnce(json(201, { id: 3 }));
    await client.post('/auth/admin/countries', { name: 'Ukraine' });
    expect(sentInit(fetchFn).method).toBe('POST');
    expect(sentInit(fetchFn).body).toBe('{"name":"Ukraine"}');
    expect(sentHeaders(fetchFn)['Content-Type']).toBe('application/json');
  });

  it('sends a fresh W3C traceparent with every request, which a caller cannot replace', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockImplementation(async () => json(200, { id: 1 }));
    await client.get('/r/1', { headers: { traceparent: 'forged' } });
    await client.get('/r/1');
    const sent = [0, 1].map((call) => sentHeaders(fetchFn, call).traceparent);
    for (const header of sent) expect(header).toMatch(TRACEPARENT);
    expect(sent[0]).not.toBe(sent[1]);
  });

  it('leaves FormData to the browser, which sets the multipart boundary', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockResolvedValueOnce(json(200, {}));
    const form = new FormData();
    form.append('file', 'content');
    await client.post('/storage/api/v1/admin/files', form);
    expect(sentInit(fetchFn).body).toBe(form);
    expect(sentHeaders(fetchFn)['Content-Type']).toBeUndefined();
  });

  it('sends a Blob as it is under its own type, and lets a caller ask for another Accept', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockResolvedValueOnce(new Response('a,b\r\n', { status: 200 }));
    const file = new Blob(['email\r\nann@example.com\r\n'], { type: 'text/csv' });
    await client.open('POST', '/auth/api/v1/admin/users/import', {
      body: file,
      headers: { Accept: 'text/csv' },
    });
    expect(sentInit(fetchFn).body).toBe(file);
    expect(sentHeaders(fetchFn)['Content-Type']).toBeUndefined();
    expect(sentHeaders(fetchFn).Accept).toBe('text/csv');
  });

  it('omits Authorization when there is no token', async () => {
    const { client, fetchFn } = setup({ token: null });
    fetchFn.mockResolvedValueOnce(json(200, {}));
    await client.get('/x');
    expect(sentHeaders(fetchFn).Authorization).toBeUndefined();
  });

  it('uses PUT, PATCH and DELETE for the shorthands', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockImplementation(async () => new Response(null, { status: 204 }));
    await client.put('/r/1', { a: 1 });
    await client.patch('/r/1', { b: 2 });
    await client.delete('/r/1', { query: { from: '2025-01-01' } });
    expect(fetchFn.mock.calls.map(([url, init]) => [url, init?.method, init?.body])).toEqual([
      ['/r/1', 'PUT', '{"a":1}'],
      ['/r/1', 'PATCH', '{"b":2}'],
      ['/r/1?from=2025-01-01', 'DELETE', undefined],
    ]);
  });

  it('adds a caller’s headers (If-Match) without letting them replace its own', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockResolvedValueOnce(json(200, { id: 1 }));
    await client.put('/r/1', { a: 1 }, { headers: { 'If-Match': 'W/"7"', Authorization: 'Bearer forged' } });
    expect(sentHeaders(fetchFn)['If-Match']).toBe('W/"7"');
    expect(sentHeaders(fetchFn).Authorization).toBe('Bearer a0');
    expect(sentHeaders(fetchFn)['Content-Type']).toBe('application/json');
  });

  it('calls the global fetch as a plain function when none is injected', async () => {
    const globalFetch = vi.fn(async function (this: unknown) {
      // window.fetch throws "Illegal invocation" when called as a method of another object.
      expect(this).toBeUndefined();
      return json(200, { ok: true });
    });
    vi.stubGlobal('fetch', globalFetch);
    try {
      const { session } = fakeSession();
      const client = createHttpClient({ session, getLocale: () => 'en-US' });
      await expect(client.get('/x')).resolves.toEqual({ ok: true });
      expect(globalFetch).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('createHttpClient: token freshness', () => {
  it('awaits ensureFreshToken before sending, then uses the token it left', async () => {
    const { client, session, setToken, fetchFn } = setup();
    const check = deferred<void>();
    session.ensureFreshToken.mockReturnValueOnce(check.promise);
    fetchFn.mockResolvedValueOnce(json(200, {}));

    const pending = client.get('/x');
    await Promise.resolve();
    expect(fetchFn).not.toHaveBeenCalled();

    setToken('renewed');
    check.resolve();
    await pending;
    expect(sentHeaders(fetchFn).Authorization).toBe('Bearer renewed');
  });

  it('skips the session entirely for public calls', async () => {
    const { client, session, fetchFn } = setup();
    fetchFn.mockResolvedValueOnce(json(401, { message: 'no' }));
    const error = await rejection(client.post('/auth/admin/signin', { email: 'a@b.c' }, { auth: false }));
    expect(error).toBeInstanceOf(HttpError);
    expect(session.ensureFreshToken).not.toHaveBeenCalled();
    expect(session.forceRenew).not.toHaveBeenCalled();
    expect(session.signOut).not.toHaveBeenCalled();
    expect(sentHeaders(fetchFn).Authorization).toBeUndefined();
  });
});

describe('createHttpClient: 401', () => {
  it('forces a renewal and retries once with the new token', async () => {
    const { client, session, fetchFn } = setup();
    fetchFn
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(json(200, { id: 1 }));
    await expect(client.put('/r/1', { a: 1 })).resolves.toEqual({ id: 1 });
    expect(session.forceRenew).toHaveBeenCalledOnce();
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(sentHeaders(fetchFn, 1).Authorization).toBe('Bearer a1');
    expect(sentInit(fetchFn, 1).body).toBe('{"a":1}');
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it('signs out locally and throws when the renewal fails', async () => {
    const { client, session, fetchFn } = setup();
    session.forceRenew.mockResolvedValueOnce('refused');
    fetchFn.mockResolvedValueOnce(json(401, { message: 'expired' }));
    const error = await rejection(client.get('/x'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect((error as HttpError).body).toEqual({ message: 'expired' });
    expect(session.signOut).toHaveBeenCalledWith({ callServer: false, reason: 'rejected' });
    expect(fetchFn).toHaveBeenCalledOnce();
  });

  it('keeps the session when the renewal found no server, failing only the request', async () => {
    const { client, session, fetchFn, onReachability } = setup();
    session.forceRenew.mockResolvedValueOnce('unreachable');
    fetchFn.mockResolvedValueOnce(json(401, { message: 'expired' }));
    const error = await rejection(client.get('/x'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
    expect(session.signOut).not.toHaveBeenCalled();
    expect(onReachability).toHaveBeenLastCalledWith(false);
  });

  it('leaves the session alone when the refused request carried no token', async () => {
    const { client, session, fetchFn } = setup({ token: null });
    fetchFn.mockResolvedValueOnce(json(401, { message: 'Authentication required' }));
    const error = await rejection(client.get('/auth/admin/settings', { query: { translate: 'true' } }));
    expect((error as HttpError).status).toBe(401);
    expect(session.forceRenew).not.toHaveBeenCalled();
    expect(session.signOut).not.toHaveBeenCalled();
  });

  it('does not loop when the retry is refused too', async () => {
    const { client, session, fetchFn } = setup();
    fetchFn.mockImplementation(async () => json(401, { message: 'still no' }));
    const error = await rejection(client.get('/x'));
    expect((error as HttpError).status).toBe(401);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(session.forceRenew).toHaveBeenCalledOnce();
  });

  it('retries with a token another request renewed meanwhile, without renewing again', async () => {
    const { client, session, setToken, fetchFn } = setup();
    fetchFn
      .mockImplementationOnce(async () => {
        setToken('renewed-elsewhere');
        return json(401, {});
      })
      .mockResolvedValueOnce(json(200, 'ok'));
    await expect(client.get('/x')).resolves.toBe('ok');
    expect(session.forceRenew).not.toHaveBeenCalled();
    expect(sentHeaders(fetchFn, 1).Authorization).toBe('Bearer renewed-elsewhere');
  });
});

describe('createHttpClient: other failures', () => {
  it('asks for a step-up on step_up_required and sends the request once more', async () => {
    const { client, fetchFn, onForbidden, onStepUp } = setup();
    fetchFn
      .mockResolvedValueOnce(json(403, { error: 'Confirm it is you', code: 'step_up_required' }))
      .mockResolvedValueOnce(json(200, { regenerated: true }));
    await expect(client.post('/auth/admin/settings/regenerate-api-keys')).resolves.toEqual({
      regenerated: true,
    });
    expect(onStepUp).toHaveBeenCalledTimes(1);
    expect(fetchFn).toHaveBeenCalledTimes(2);
    expect(fetchFn.mock.calls[1]?.[0]).toBe('/auth/admin/settings/regenerate-api-keys');
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('gives up without a notice when the step-up is cancelled, and refuses a second step_up_required', async () => {
    const cancelled = setup({ stepUp: false });
    cancelled.fetchFn.mockResolvedValueOnce(
      json(403, { error: 'Confirm it is you', code: 'step_up_required' }),
    );
    const error = await rejection(cancelled.client.post('/auth/admin/settings/revoke-user-tokens'));
    expect((error as HttpError).status).toBe(403);
    expect(cancelled.fetchFn).toHaveBeenCalledTimes(1);
    expect(cancelled.onForbidden).not.toHaveBeenCalled();

    const twice = setup();
    twice.fetchFn.mockImplementation(async () =>
      json(403, { error: 'Confirm it is you', code: 'step_up_required' }),
    );
    await rejection(twice.client.post('/auth/admin/settings/revoke-user-tokens'));
    expect(twice.fetchFn).toHaveBeenCalledTimes(2);
    expect(twice.onStepUp).toHaveBeenCalledTimes(1);
    expect(twice.onForbidden).toHaveBeenCalledWith('Confirm it is you');
  });

  it('tells the app when a group requires a factor the sign-in lacks, without a notice', async () => {
    const { client, fetchFn, onForbidden, onEnrollmentRequired } = setup();
    fetchFn.mockResolvedValueOnce(json(403, { error: 'Set up a factor', code: 'mfa_enrollment_required' }));
    const error = await rejection(client.get('/auth/admin/users'));
    expect((error as HttpError).status).toBe(403);
    expect(onEnrollmentRequired).toHaveBeenCalledTimes(1);
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('reports a 403 with the server text and throws', async () => {
    const { client, fetchFn, onForbidden } = setup();
    fetchFn.mockResolvedValueOnce(json(403, { error: 'Admins group required' }));
    const error = await rejection(client.get('/x'));
    expect(onForbidden).toHaveBeenCalledWith('Admins group required');
    expect((error as HttpError).status).toBe(403);
    expect((error as HttpError).message).toBe('Admins group required');
  });

  it.each([
    ['en-US', 'Access denied'],
    ['uk-UA', 'Доступ заборонено'],
    ['fr-FR', 'Доступ заборонено'],
  ])('falls back to the localised forbidden text for %s', async (locale, text) => {
    const { client, fetchFn, onForbidden } = setup({ locale });
    fetchFn.mockResolvedValueOnce(new Response('', { status: 403 }));
    await rejection(client.get('/x'));
    expect(onForbidden).toHaveBeenCalledWith(text);
  });

  it('throws an HttpError with the parsed body for a 422', async () => {
    const { client, fetchFn, onForbidden } = setup();
    const body = { message: { email: ['This field is required'] } };
    fetchFn.mockResolvedValueOnce(json(422, body));
    const error = await rejection(client.post('/x', {}));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(422);
    expect((error as HttpError).body).toEqual(body);
    expect(onForbidden).not.toHaveBeenCalled();
  });

  it('keeps a null body when an error page is not JSON', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(client.get('/x'));
    expect((error as HttpError).status).toBe(502);
    expect((error as HttpError).body).toBeNull();
    expect((error as HttpError).message).toBe('HTTP 502');
  });

  it('turns a network failure into status 0', async () => {
    const { client, fetchFn } = setup();
    const cause = new TypeError('Failed to fetch');
    fetchFn.mockRejectedValueOnce(cause);
    const error = await rejection(client.get('/x'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(0);
    expect((error as HttpError).cause).toBe(cause);
  });

  it('lets a cancellation through as the AbortError it is', async () => {
    const { client, fetchFn } = setup();
    const controller = new AbortController();
    fetchFn.mockImplementationOnce(async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    const error = await rejection(client.get('/x', { signal: controller.signal }));
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as Error).name).toBe('AbortError');
    expect(sentInit(fetchFn).signal).toBe(controller.signal);
  });
});

describe('createHttpClient: reachability', () => {
  it('reports an answer for success and for client or server errors', async () => {
    const { client, fetchFn, onReachability } = setup();
    fetchFn.mockResolvedValueOnce(json(200, {})).mockResolvedValueOnce(json(500, {}));
    await client.get('/x');
    await rejection(client.get('/x'));
    expect(onReachability.mock.calls).toEqual([[true], [true]]);
  });

  it("reports no answer for a network failure and a gateway's 502/503/504", async () => {
    const { client, fetchFn, onReachability } = setup();
    fetchFn
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(json(502, {}))
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(504, {}));
    for (let call = 0; call < 4; call++) await rejection(client.get('/x'));
    expect(onReachability.mock.calls).toEqual([[false], [false], [false], [false]]);
  });

  it('says nothing about a cancelled call', async () => {
    const { client, fetchFn, onReachability } = setup();
    fetchFn.mockRejectedValueOnce(new DOMException('The operation was aborted.', 'AbortError'));
    await rejection(client.get('/x'));
    expect(onReachability).not.toHaveBeenCalled();
  });
});

describe('createHttpClient: success bodies', () => {
  it('returns undefined for 204 and for an empty 200', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockResolvedValueOnce(new Response(null, { status: 204 }));
    fetchFn.mockResolvedValueOnce(new Response('', { status: 200 }));
    await expect(client.delete('/r/1')).resolves.toBeUndefined();
    await expect(client.post('/r', {})).resolves.toBeUndefined();
  });

  it('rejects a 200 that is not JSON', async () => {
    const { client, fetchFn } = setup();
    fetchFn.mockResolvedValueOnce(new Response('<html></html>', { status: 200 }));
    const error = await rejection(client.get('/x'));
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).message).toMatch(/not JSON/);
  });
});

describe('createRefreshCall and createLogoutCall', () => {
  it('posts the refresh token to the auth service without a bearer token', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => json(200, { access_token: 'a1' }));
    const refresh = createRefreshCall(
      fetchFn,
      () => 'http://api.test/auth/',
      () => 'en-US',
    );
    await expect(refresh('r0')).resolves.toEqual({ access_token: 'a1' });
    expect(fetchFn).toHaveBeenCalledWith('http://api.test/auth/admin/refresh-token', expect.anything());
    const init = sentInit(fetchFn);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{"refresh_token":"r0"}');
    expect(sentHeaders(fetchFn)).toEqual({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      Lang: 'en-US',
      'Content-Type': 'application/json',
      traceparent: expect.stringMatching(TRACEPARENT),
    });
  });

  it('rejects on an HTTP error so the session counts the renewal as failed', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () =>
      json(401, { message: 'Invalid or expired refresh token' }),
    );
    const refresh = createRefreshCall(
      fetchFn,
      () => '/auth',
      () => 'en-US',
    );
    const error = await rejection(refresh('r0'));
    expect((error as HttpError).status).toBe(401);
  });

  it('posts the logout', async () => {
    const fetchFn = vi.fn<typeof fetch>(async () => json(200, { message: 'Signed out.' }));
    const logout = createLogoutCall(
      fetchFn,
      () => '/auth',
      () => 'uk-UA',
    );
    await expect(logout('r0')).resolves.toBeUndefined();
    expect(fetchFn).toHaveBeenCalledWith('/auth/admin/logout', expect.anything());
    expect(sentInit(fetchFn).body).toBe('{"refresh_token":"r0"}');
  });
});

describe('with the real session manager', () => {
  const T0 = Date.UTC(2025, 0, 1, 12);

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  function wire() {
    const storage = new MemoryStorage();
    const now = Math.floor(T0 / 1000);
    storage.setItem(STORAGE_KEYS.accessToken, 'a0');
    storage.setItem(STORAGE_KEYS.refreshToken, 'r0');
    storage.setItem(STORAGE_KEYS.expiresAt, String(now + 10));
    storage.setItem(STORAGE_KEYS.refreshExpiredAt, String(now + 3600));
    const fetchFn = vi.fn<typeof fetch>();
    const navigate = vi.fn();
    const session = createSessionManager({
      storage,
      refresh: createRefreshCall(
        fetchFn,
        () => '/auth',
        () => 'en-US',
      ),
      logout: createLogoutCall(
        fetchFn,
        () => '/auth',
        () => 'en-US',
      ),
      navigate,
      logger: { warn: vi.fn(), info: vi.fn() },
    });
    const client = createHttpClient({ session, getLocale: () => 'en-US', fetchFn });
    const renewed = {
      access_token: 'a1',
      refresh_token: 'r1',
      expires_at: now + 180,
      refresh_expired_at: now + 3600,
    };
    return { storage, fetchFn, navigate, client, renewed };
  }

  it('renews a nearly expired token through the refresh call, then sends the request with it', async () => {
    const { fetchFn, client, renewed } = wire();
    fetchFn.mockResolvedValueOnce(json(200, renewed)).mockResolvedValueOnce(json(200, { items: [] }));
    await expect(client.get('/auth/admin/users')).resolves.toEqual({ items: [] });
    expect(fetchFn.mock.calls.map(([url]) => url)).toEqual([
      '/auth/admin/refresh-token',
      '/auth/admin/users',
    ]);
    expect(sentHeaders(fetchFn, 1).Authorization).toBe('Bearer a1');
  });

  it('goes to / and clears the tokens when a 401 cannot be cured', async () => {
    const { storage, fetchFn, navigate, client } = wire();
    fetchFn
      .mockResolvedValueOnce(json(500, {})) // renewal before the request fails: only logged
      .mockResolvedValueOnce(json(401, { message: 'expired' }))
      .mockResolvedValueOnce(json(401, { message: 'Invalid or expired refresh token' }));
    const error = await rejection(client.get('/auth/admin/users'));
    expect((error as HttpError).status).toBe(401);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(storage.getItem(STORAGE_KEYS.accessToken)).toBeNull();
    // No logout call: the session is already dead on the server.
    expect(fetchFn).toHaveBeenCalledTimes(3);
  });
});

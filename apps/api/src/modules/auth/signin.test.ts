import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin } from '../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('admin sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const signin = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/auth/admin/signin', payload: payload as object, headers });

  it('returns a token pair whose access token verifies against the published JWKS', async () => {
    const response = await signin(TEST_ADMIN);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual([
      'access_token',
      'expires_at',
      'refresh_expired_at',
      'refresh_token',
    ]);
    const now = Math.floor(t.time.clock().getTime() / 1000);
    expect(body.expires_at - now).toBe(900);
    expect(body.refresh_expired_at - now).toBe(7 * 24 * 3600);

    const jwks = (await t.app.inject({ method: 'GET', url: '/auth/.well-known/jwks.json' })).json();
    expect(JSON.stringify(jwks)).not.toMatch(/"d":/);
    const { payload, protectedHeader } = await jwtVerify(body.access_token, createLocalJWKSet(jwks), {
      currentDate: t.time.clock(),
    });
    expect(protectedHeader.alg).toBe('EdDSA');
    expect(payload.kind).toBe('admin');
  });

  it('forbids caching the token answers of sign-in and renewal (RFC 6749 §5.1)', async () => {
    const signedIn = await signin(TEST_ADMIN);
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: signedIn.json().refresh_token },
    });
    for (const response of [signedIn, renewed]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.pragma).toBe('no-cache');
    }
  });

  it('answers a wrong password and an unknown e-mail alike, in the request language', async () => {
    const { admin } = await createAdmin(t.db);
    const wrong = await signin({ email: admin.email, password: 'not-the-password' }, { Lang: 'en-US' });
    const unknown = await signin({ email: 'nobody@pult.test', password: 'whatever-1' }, { Lang: 'en-US' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ message: 'Invalid login or password' });
    expect(unknown.json()).toEqual(wrong.json());
    const uk = await signin({ email: admin.email, password: 'not-the-password' });
    expect(uk.json()).toEqual({ message: 'Невірний логін або пароль' });
  });

  it('refuses admins that are not active, even with the right password', async () => {
    const { admin, password } = await createAdmin(t.db, { status: 2 });
    const response = await signin({ email: admin.email, password });
    expect(response.statusCode).toBe(422);
  });

  it('matches the e-mail case-insensitively', async () => {
    const { admin, password } = await createAdmin(t.db, { email: 'Mixed.Case@pult.test' });
    expect((await signin({ email: admin.email.toUpperCase(), password })).statusCode).toBe(200);
  });

  it('throttles an account after 5 failures, and then answers the same even for the right password', async () => {
    const { admin, password } = await createAdmin(t.db);
    for (let i = 0; i < 5; i++) {
      expect((await signin({ email: admin.email, password: 'wrong-guess' })).statusCode).toBe(422);
    }
    const wrongGuess = await signin({ email: admin.email, password: 'wrong-guess' }, { Lang: 'en-US' });
    const rightGuess = await signin({ email: admin.email, password }, { Lang: 'en-US' });
    expect(wrongGuess.statusCode).toBe(429);
    expect(rightGuess.statusCode).toBe(429);
    expect(rightGuess.json()).toEqual(wrongGuess.json());
    expect(rightGuess.json().message).toMatch(/Too many sign-in attempts/);
    expect(Number(rightGuess.headers['retry-after'])).toBeGreaterThan(0);

    t.time.advance(15 * 60 + 1);
    expect((await signin({ email: admin.email, password })).statusCode).toBe(200);
  });

  it('throttles a client address after 20 failures across accounts', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const address = { remoteAddress: '203.0.113.9' };
    for (let i = 0; i < 20; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/admin/signin',
        payload: { email: `spray${i}@pult.test`, password: 'guess-guess' },
        headers,
        ...address,
      });
      expect(response.statusCode).toBe(422);
    }
    const { admin, password } = await createAdmin(t.db);
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: admin.email, password },
      ...address,
    });
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: admin.email, password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });
});

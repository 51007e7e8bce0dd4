import type { TokenPair } from '@pult/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminProfileBasic, renewAdmin, signIn } from '../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('token rotation and access on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind, {
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '600',
      SESSION_MAX_AGE: '1000',
    });
  });
  afterEach(() => t.close());

  const refresh = (token: string) => renewAdmin(t, token);
  const profile = (accessToken: string) => adminProfileBasic(t, accessToken);

  it('rotates: each renewal issues a fresh pair and the new access token works', async () => {
    const first = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    t.time.advance(30);
    const response = await refresh(first.refresh_token);
    expect(response.statusCode).toBe(200);
    const second = response.json<TokenPair>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.expires_at).toBe(first.expires_at + 30);
    expect((await profile(second.access_token)).json()).toMatchObject({ email: TEST_ADMIN.email });
    const stored = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(second.refresh_token);
  });

  it('honours the immediately previous token for 10 s, so two tabs renewing at once both survive', async () => {
    const first = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const tabA = (await refresh(first.refresh_token)).json<TokenPair>();
    t.time.advance(5);
    const tabBResponse = await refresh(first.refresh_token);
    expect(tabBResponse.statusCode).toBe(200);
    const tabB = tabBResponse.json<TokenPair>();
    expect((await profile(tabA.access_token)).statusCode).toBe(200);
    expect((await profile(tabB.access_token)).statusCode).toBe(200);
    expect((await refresh(tabB.refresh_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is replayed after the grace window', async () => {
    const first = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const second = (await refresh(first.refresh_token)).json<TokenPair>();
    t.time.advance(11);
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    expect((await profile(second.access_token)).statusCode).toBe(401);
  });

  it('revokes the family when an older token than the previous one is replayed, even at once', async () => {
    const first = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const second = (await refresh(first.refresh_token)).json<TokenPair>();
    t.time.advance(1);
    const third = (await refresh(second.refresh_token)).json<TokenPair>();
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
  });

  it('caps a sign-in at SESSION_MAX_AGE, rotations included', async () => {
    let pair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const sessionEnd = Math.floor(t.time.clock().getTime() / 1000) + 1000;
    for (let i = 0; i < 3; i++) {
      t.time.advance(300);
      pair = (await refresh(pair.refresh_token)).json<TokenPair>();
      expect(pair.refresh_expired_at).toBeLessThanOrEqual(sessionEnd);
      expect(pair.expires_at).toBeLessThanOrEqual(sessionEnd);
    }
    t.time.advance(101);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
  });

  it('lets a refresh token expire after REFRESH_TOKEN_TTL without use', async () => {
    const pair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    t.time.advance(601);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
  });

  it('rejects with 401: no token, a refresh token, an unsigned token, a forged one and an expired one', async () => {
    const pair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await t.app.inject({ method: 'GET', url: '/auth/admin/profile-basic' })).statusCode).toBe(401);
    expect((await profile(pair.refresh_token)).statusCode).toBe(401);

    const [, payload] = pair.access_token.split('.');
    const unsignedHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url');
    expect((await profile(`${unsignedHeader}.${payload}.`)).statusCode).toBe(401);

    const forgedPayload = Buffer.from(JSON.stringify({ ...decode(payload!), sub: '999' })).toString(
      'base64url',
    );
    const [header, , signature] = pair.access_token.split('.');
    expect((await profile(`${header}.${forgedPayload}.${signature}`)).statusCode).toBe(401);

    expect((await profile(pair.access_token)).statusCode).toBe(200);
    t.time.advance(61);
    const expired = await profile(pair.access_token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toHaveProperty('message');
  });

  it('logout revokes the refresh token and the sign-in it belongs to', async () => {
    const pair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const other = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/logout',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(response.statusCode).toBe(200);
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
    expect((await profile(pair.access_token)).statusCode).toBe(401);
    expect((await refresh(other.refresh_token)).statusCode).toBe(200);
  });
});

function decode(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

describe.each(testDatabaseKinds())('account state and housekeeping on %s', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp(kind);
  });
  afterEach(() => t.close());

  it('stops the tokens of an admin who is locked, at once', async () => {
    const pair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    await t.db.updateTable('admins').set({ status: 2 }).where('email', '=', TEST_ADMIN.email).execute();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/profile-basic',
      headers: { authorization: `Bearer ${pair.access_token}` },
    });
    expect(profile.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('keeps the private signing key sealed in the database', async () => {
    const row = await t.db.selectFrom('signing_keys').selectAll().executeTakeFirstOrThrow();
    expect(row.private_jwk_sealed).toMatch(/^v1\./);
    expect(row.private_jwk_sealed).not.toContain('"d"');
  });

  it('prunes sign-ins that ended more than a day ago, and only those', async () => {
    const ended = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    await t.app.inject({
      method: 'POST',
      url: '/auth/admin/logout',
      payload: { refresh_token: ended.refresh_token },
    });
    t.time.advance(25 * 3600);
    await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    await t.pruneExpired();
    const sessions = await t.db.selectFrom('auth_sessions').select(['revoked_at']).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.revoked_at).toBeNull();
  });
});

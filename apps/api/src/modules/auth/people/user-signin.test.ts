import type { TokenPair } from '@pult/contract';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, signInUser } from '../../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

describe.each(testDatabaseKinds())('platform user sign-in (/auth/user/*) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const post = (url: string, payload: object, headers: Record<string, string> = { Lang: 'en-US' }) =>
    t.app.inject({ method: 'POST', url: `/auth${url}`, payload, headers });
  const refresh = (token: string) => post('/user/refresh-token', { refresh_token: token });

  it('signs in an active user with a token pair of kind user', async () => {
    const { user, password } = await createUser(t.db, { email: 'Active.User@signin.test', status: 1 });
    const response = await post('/user/signin', { email: 'active.user@SIGNIN.test', password });
    expect(response.statusCode, response.body).toBe(200);
    const pair = response.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual([
      'access_token',
      'expires_at',
      'refresh_expired_at',
      'refresh_token',
    ]);
    const jwks = (await t.app.inject({ method: 'GET', url: '/auth/.well-known/jwks.json' })).json();
    const { payload } = await jwtVerify(pair.access_token, createLocalJWKSet(jwks), {
      currentDate: t.time.clock(),
    });
    expect(payload).toMatchObject({ kind: 'user', sub: String(user.id) });
  });

  it('forbids caching the token answers of sign-in and renewal (RFC 6749 §5.1)', async () => {
    const { user, password } = await createUser(t.db);
    const signedIn = await post('/user/signin', { email: user.email, password });
    const renewed = await refresh(signedIn.json<TokenPair>().refresh_token);
    for (const response of [signedIn, renewed]) {
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.pragma).toBe('no-cache');
    }
  });

  it('refuses users that are not active, wrong passwords and unknown e-mails alike', async () => {
    const refusals: { email: string; password: string }[] = [];
    for (const status of [0, 2, 3, 4, 10]) {
      const { user, password } = await createUser(t.db, { email: `status${status}@signin.test`, status });
      refusals.push({ email: user.email, password });
    }
    const { user } = await createUser(t.db, { email: 'wrong@signin.test' });
    refusals.push({ email: user.email, password: 'not-the-password' });
    refusals.push({ email: 'nobody@signin.test', password: 'whatever-1' });
    // An administrator is not a platform user.
    refusals.push(TEST_ADMIN);

    const userSessions = () =>
      t.db.selectFrom('auth_sessions').select('id').where('subject_kind', '=', 'user').execute();
    const before = await userSessions();
    for (const body of refusals) {
      const response = await post('/user/signin', body);
      expect(response.statusCode, body.email).toBe(422);
      expect(response.json()).toEqual({ message: 'Invalid login or password' });
    }
    const uk = await post('/user/signin', refusals[0] ?? TEST_ADMIN, { Lang: 'uk-UA' });
    expect(uk.json()).toEqual({ message: 'Невірний логін або пароль' });
    expect(await userSessions()).toEqual(before);

    const empty = await post('/user/signin', {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      message: { email: ['This field is required'], password: ['This field is required'] },
    });
  });

  it('rotates a user refresh token, and logout ends the session', async () => {
    const { user, password } = await createUser(t.db);
    const first = await signInUser(t, user.email, password);
    const renewed = await refresh(first.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const second = renewed.json<TokenPair>();
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const logout = await post('/user/logout', { refresh_token: second.refresh_token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'Signed out.' });
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
  });

  it('keeps users and administrators apart: neither token works on the other side', async () => {
    const { user, password } = await createUser(t.db);
    const userPair = await signInUser(t, user.email, password);
    const adminPair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);

    for (const url of [
      '/auth/admin/users',
      `/auth/admin/users/${user.id}`,
      '/auth/admin/admins',
      '/auth/admin/settings',
      '/auth/admin/countries/lookup',
      '/auth/admin/profile-basic',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${userPair.access_token}` },
      });
      expect(response.statusCode, url).toBe(401);
    }
    const deletion = await t.app.inject({
      method: 'DELETE',
      url: `/auth/admin/users/${user.id}`,
      headers: { authorization: `Bearer ${userPair.access_token}` },
    });
    expect(deletion.statusCode).toBe(401);
    const row = await t.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(1);

    const adminAtUser = await refresh(adminPair.refresh_token);
    expect(adminAtUser.statusCode).toBe(401);
    const userAtAdmin = await post('/admin/refresh-token', { refresh_token: userPair.refresh_token });
    expect(userAtAdmin.statusCode).toBe(401);
    // A user logging out with an administrator's token ends nothing.
    await post('/user/logout', { refresh_token: adminPair.refresh_token });
    const adminRenewed = await post('/admin/refresh-token', { refresh_token: adminPair.refresh_token });
    expect(adminRenewed.statusCode).toBe(200);
    expect((await refresh(userPair.refresh_token)).statusCode).toBe(200);
  });

  it('refuses to renew a user whose status changed after signing in', async () => {
    const { user, password } = await createUser(t.db);
    const pair = await signInUser(t, user.email, password);
    await t.db.updateTable('users').set({ status: 4 }).where('id', '=', user.id).execute();
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
  });

  it('throttles platform users per address apart from administrators', async () => {
    // 20 failures per address close that address to platform-user sign-ins only.
    for (let attempt = 0; attempt < 21; attempt += 1) {
      await post('/user/signin', { email: `nobody${attempt}@throttle.test`, password: 'wrong-password' });
    }
    const user = await post('/user/signin', {
      email: 'nobody-more@throttle.test',
      password: 'wrong-password',
    });
    expect(user.statusCode).toBe(429);
    const admin = await post('/admin/signin', TEST_ADMIN);
    expect(admin.statusCode).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('profile, settings and service endpoints on %s', (kind) => {
  let t: TestApp;
  let auth: { authorization: string; Lang: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    const pair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    auth = { authorization: `Bearer ${pair.access_token}`, Lang: 'en-US' };
  });
  afterAll(() => t.close());

  it('profile-basic returns exactly photo, names and e-mail', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/admin/profile-basic', headers: auth });
    expect(response.json()).toEqual({
      photo: null,
      first_name: 'Admin',
      last_name: 'Pult',
      email: TEST_ADMIN.email,
    });
  });

  it('profile updates the editable fields and never exposes the password hash', async () => {
    const update = { first_name: 'Iryna', last_name: 'Bondar', phone: '+380501234567', about_me: 'On call' };
    const response = await t.app.inject({
      method: 'PUT',
      url: '/auth/admin/profile',
      headers: auth,
      payload: update,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ ...update, email: TEST_ADMIN.email, groups: ['superadmin'] });
    expect(response.body).not.toMatch(/password|argon2/);
    const invalid = await t.app.inject({
      method: 'PUT',
      url: '/auth/admin/profile',
      headers: auth,
      payload: { first_name: '', last_name: 'B', email: 'x@y.z' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().message).toEqual({
      first_name: ['This field is required'],
      email: ['Unknown field'],
    });
  });

  it('settings?translate=true is public and carries availableLocales', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/admin/settings?translate=true' });
    expect(response.statusCode).toBe(200);
    expect(response.json().items).toContainEqual({
      key: 'availableLocales',
      value: { 'uk-UA': 'Українська', 'en-US': 'English' },
    });
    expect((await t.app.inject({ method: 'GET', url: '/auth/admin/settings' })).statusCode).toBe(401);
    // Without a token anything but translate=true is the admin list: 401 first, then the bad value.
    const maybe = '/auth/admin/settings?translate=maybe';
    expect((await t.app.inject({ method: 'GET', url: maybe })).statusCode).toBe(401);
    const invalid = await t.app.inject({ method: 'GET', url: maybe, headers: auth });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({ message: { translate: ['Invalid value'] } });
  });

  it('serves /healthz and /config.json with the four service bases', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const config = (await t.app.inject({ method: 'GET', url: '/config.json' })).json();
    expect(config).toEqual({
      authServiceUrl: 'http://127.0.0.1:8080/auth',
      storageServiceUrl: 'http://127.0.0.1:8080/storage/api/v1',
      chatServiceUrl: 'http://127.0.0.1:8080/chat/rest/v1',
      notificationServiceUrl: 'http://127.0.0.1:8080/notification/api/v1',
      companyName: 'Pult',
    });
  });
});

import type { ApiKeysResponse, RegenerateApiKeysResponse, Setting } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createUser, signIn, signInUser } from '../../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface ListBody {
  items: Setting[];
  total: number;
  pageCount: number;
}
const LOCALES_KEY = 'availableLocales';

describe.each(testDatabaseKinds())('settings, session revocation and API keys on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const call = (method: Method, url: string, payload?: object, extra: Record<string, string> = headers) =>
    t.app.inject({ method, url: `/auth${url}`, headers: extra, ...(payload ? { payload } : {}) });
  const whoami = (key?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/auth/service/whoami',
      headers: key === undefined ? {} : { 'x-api-key': key },
    });
  const userRefresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/auth/user/refresh-token', payload: { refresh_token: token } });

  it('answers every administrator endpoint with 401 without a valid token', async () => {
    const requests: [Method, string, object?][] = [
      ['GET', '/admin/settings'],
      ['GET', '/admin/settings?translate=false'],
      ['GET', '/admin/settings?sort=value'],
      ['POST', '/admin/settings', { key: 'anonymous', type: 'string', value: 'x' }],
      ['POST', '/admin/settings', { nonsense: true }],
      ['GET', `/admin/settings/${LOCALES_KEY}`],
      ['PUT', `/admin/settings/${LOCALES_KEY}`, { type: 'string', value: 'x' }],
      ['DELETE', `/admin/settings/${LOCALES_KEY}`],
      ['POST', '/admin/settings/revoke-user-tokens'],
      ['POST', '/admin/settings/regenerate-api-keys'],
      ['GET', '/admin/api-keys'],
    ];
    const extras: Record<string, string>[] = [{}, { authorization: 'Bearer nonsense' }];
    for (const [method, url, payload] of requests) {
      for (const extra of extras) {
        const response = await call(method, url, payload, { ...extra, Lang: 'en-US' });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect((await call('GET', '/admin/settings/anonymous')).statusCode).toBe(404);
    expect((await whoami()).statusCode).toBe(401);
    expect((await whoami('pult_storage_guess')).statusCode).toBe(401);
  });

  it('creates typed settings and validates each value by its type', async () => {
    const valid: [string, string, unknown][] = [
      ['site.name', 'string', 'Pult'],
      ['limits.max_upload', 'integer', 42],
      ['features.chat', 'boolean', false],
      ['ui.menu', 'json', { items: [1, 'two', null], nested: { ok: true } }],
    ];
    for (const [key, type, value] of valid) {
      const response = await call('POST', '/admin/settings', { key, type, value });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json()).toMatchObject({ key, type, value, is_public: false });
      expect((await call('GET', `/admin/settings/${key}`)).json()).toEqual(response.json());
    }

    const invalid: [Record<string, unknown>, Record<string, unknown[]>][] = [
      [{ key: 'n1', type: 'integer', value: 'abc' }, { value: ['Must be an integer'] }],
      [{ key: 'n2', type: 'integer', value: 1.5 }, { value: ['Must be an integer'] }],
      [{ key: 'n3', type: 'integer', value: '42' }, { value: ['Must be an integer'] }],
      [{ key: 'b1', type: 'boolean', value: 'yes' }, { value: ['Must be true or false'] }],
      [{ key: 's1', type: 'string', value: 12 }, { value: ['Invalid value'] }],
      [{ key: 'j1', type: 'json' }, { value: [expect.any(String)] }],
      [
        { key: 'bad key!', type: 'string', value: 'x' },
        { key: ['Use letters, digits, dots, dashes and underscores (1–100)'] },
      ],
      [{ key: 'site.name', type: 'string', value: 'again' }, { key: ['This key is already taken'] }],
      [{ key: 't1', type: 'float', value: 1 }, { type: ['Choose one of the options'] }],
      [{ key: 'p1', type: 'string', value: 'x', is_public: 'yes' }, { is_public: ['Must be true or false'] }],
      [{ key: 'u1', type: 'string', value: 'x', secret: true }, { secret: ['Unknown field'] }],
    ];
    for (const [body, message] of invalid) {
      const response = await call('POST', '/admin/settings', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(response.json(), JSON.stringify(body)).toEqual({ message });
    }
    const uk = await call(
      'POST',
      '/admin/settings',
      { key: 'n4', type: 'integer', value: 'x' },
      {
        ...headers,
        Lang: 'uk-UA',
      },
    );
    expect(uk.json()).toEqual({ message: { value: ['Має бути цілим числом'] } });
    const stored = await t.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'in', ['n1', 'b1', 'j1', 'u1'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('lists settings with the generic grammar', async () => {
    await call('POST', '/admin/settings', { key: 'list.a', type: 'integer', value: 1, is_public: true });
    await call('POST', '/admin/settings', { key: 'list.b', type: 'integer', value: 2 });
    await call('POST', '/admin/settings', { key: 'list.c', type: 'string', value: 'c' });

    const integers = (
      await call('GET', '/admin/settings?filter[key]=LIST.&filter[type]=integer&sort=-key')
    ).json<ListBody>();
    expect(integers).toMatchObject({ total: 2, pageCount: 1 });
    expect(integers.items.map((item) => [item.key, item.value])).toEqual([
      ['list.b', 2],
      ['list.a', 1],
    ]);
    const publicOnes = (
      await call('GET', '/admin/settings?filter[is_public]=true&filter[key]=list')
    ).json<ListBody>();
    expect(publicOnes.items.map((item) => item.key)).toEqual(['list.a']);
    const all = (await call('GET', '/admin/settings?perPage=100')).json<ListBody>();
    const keys = all.items.map((item) => item.key);
    expect(keys).toContain(LOCALES_KEY);
    expect(keys).toEqual([...keys].sort());
    const paged = (
      await call('GET', '/admin/settings?filter[key]=list&perPage=5&page=1&sort=key')
    ).json<ListBody>();
    expect(paged.items.map((item) => item.key)).toEqual(['list.a', 'list.b', 'list.c']);

    const bad = await call(
      'GET',
      '/admin/settings?sort=value&filter[value]=1&filter[is_public]=maybe&page=x',
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: {
        sort: ['This column cannot be sorted'],
        'filter[value]': ['This column cannot be filtered'],
        'filter[is_public]': ['Choose one of the options'],
        page: ['Page must be a whole number from 1'],
      },
    });
  });

  it('serves public settings without a token when translate=true', async () => {
    await call('POST', '/admin/settings', {
      key: 'public.motd',
      type: 'string',
      value: 'Hello',
      is_public: true,
    });
    await call('POST', '/admin/settings', { key: 'private.token', type: 'string', value: 'hidden' });
    const response = await t.app.inject({ method: 'GET', url: '/auth/admin/settings?translate=true' });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ items: { key: string; value: unknown }[] }>().items;
    expect(items).toContainEqual({ key: 'public.motd', value: 'Hello' });
    expect(items).toContainEqual({ key: LOCALES_KEY, value: { 'uk-UA': 'Українська', 'en-US': 'English' } });
    expect(items.map((item) => item.key)).not.toContain('private.token');
    for (const item of items) expect(Object.keys(item).sort()).toEqual(['key', 'value']);
  });

  it('updates and deletes settings, with 404 for keys that do not exist', async () => {
    await call('POST', '/admin/settings', { key: 'edit.me', type: 'string', value: 'v1' });
    t.time.advance(10);
    const updated = await call('PUT', '/admin/settings/edit.me', {
      type: 'integer',
      value: 7,
      is_public: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ key: 'edit.me', type: 'integer', value: 7, is_public: true });
    const keepsPublic = await call('PUT', '/admin/settings/edit.me', { type: 'integer', value: 8 });
    expect(keepsPublic.json()).toMatchObject({ value: 8, is_public: true });

    const wrongValue = await call('PUT', '/admin/settings/edit.me', { type: 'integer', value: 'eight' });
    expect(wrongValue.json()).toEqual({ message: { value: ['Must be an integer'] } });
    const withKey = await call('PUT', '/admin/settings/edit.me', {
      key: 'renamed',
      type: 'integer',
      value: 1,
    });
    expect(withKey.json()).toEqual({ message: { key: ['Unknown field'] } });
    expect((await call('GET', '/admin/settings/edit.me')).json()).toMatchObject({ value: 8 });

    for (const key of ['no.such.key', 'bad%20key']) {
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', { type: 'string', value: 'x' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(method, `/admin/settings/${key}`, payload);
        expect(response.statusCode, `${method} ${key}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Record not found' });
      }
    }

    const deleted = await call('DELETE', '/admin/settings/edit.me');
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ key: 'edit.me', value: 8 });
    expect((await call('GET', '/admin/settings/edit.me')).statusCode).toBe(404);
  });

  it('protects availableLocales: never deleted, always a JSON map of locales to labels', async () => {
    const deletion = await call('DELETE', `/admin/settings/${LOCALES_KEY}`);
    expect(deletion.statusCode).toBe(422);
    expect(deletion.json()).toEqual({
      message: 'This setting is required by the platform and cannot be deleted',
    });
    const retyped = await call('PUT', `/admin/settings/${LOCALES_KEY}`, { type: 'string', value: 'uk-UA' });
    expect(retyped.json()).toEqual({ message: { type: ['Choose one of the options'] } });
    const localesMessage = 'A JSON object of locale codes to labels, e.g. {"uk-UA": "Українська"}';
    for (const value of [{}, [], { 'xx-XX': 'Nope' }, { 'uk-UA': '' }, { 'uk-UA': 1 }, 'uk-UA']) {
      const response = await call('PUT', `/admin/settings/${LOCALES_KEY}`, { type: 'json', value });
      expect(response.statusCode, JSON.stringify(value)).toBe(422);
      expect(response.json()).toEqual({ message: { value: [localesMessage] } });
    }
    const created = await call('POST', '/admin/settings', {
      key: LOCALES_KEY,
      type: 'json',
      value: { de: 'x' },
    });
    expect(created.statusCode).toBe(422);

    const value = { 'uk-UA': 'Українська', 'en-US': 'English (US)' };
    const updated = await call('PUT', `/admin/settings/${LOCALES_KEY}`, {
      type: 'json',
      value,
      is_public: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ key: LOCALES_KEY, type: 'json', value });
    const pub = await t.app.inject({ method: 'GET', url: '/auth/admin/settings?translate=true' });
    expect(pub.json<{ items: unknown[] }>().items).toContainEqual({ key: LOCALES_KEY, value });
    expect((await call('GET', `/admin/settings/${LOCALES_KEY}`)).statusCode).toBe(200);
  });

  it('revokes every platform user session, and only those', async () => {
    const { user: first, password: firstPassword } = await createUser(t.db);
    const { user: second, password: secondPassword } = await createUser(t.db);
    const a = await signInUser(t, first.email, firstPassword);
    const b = await signInUser(t, first.email, firstPassword);
    const c = await signInUser(t, second.email, secondPassword);
    const admin = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    expect((await userRefresh(c.refresh_token)).statusCode).toBe(200);

    const response = await call('POST', '/admin/settings/revoke-user-tokens');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Signed out every platform user (3 sessions).', revoked: 3 });
    for (const pair of [a, b, c]) expect((await userRefresh(pair.refresh_token)).statusCode).toBe(401);

    // Administrators stay signed in.
    const adminRefresh = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: admin.refresh_token },
    });
    expect(adminRefresh.statusCode).toBe(200);
    expect((await call('GET', '/admin/api-keys')).statusCode).toBe(200);

    const again = await call('POST', '/admin/settings/revoke-user-tokens');
    expect(again.json()).toMatchObject({ revoked: 0 });
    // Revocation ends sessions, not accounts: the user can sign in again.
    const fresh = await signInUser(t, first.email, firstPassword);
    expect((await userRefresh(fresh.refresh_token)).statusCode).toBe(200);
  });

  it('regenerates the API keys: new ones work once shown, old ones stop working, lists show prefixes only', async () => {
    const first = await call('POST', '/admin/settings/regenerate-api-keys');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    const firstBody = first.json<RegenerateApiKeysResponse>();
    expect(firstBody.message).toBe('The API keys have been replaced.');
    expect(firstBody.keys.map((entry) => entry.service).sort()).toEqual(['chat', 'notification', 'storage']);
    for (const entry of firstBody.keys) {
      const response = await whoami(entry.key);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ service: entry.service });
    }

    const second = (
      await call('POST', '/admin/settings/regenerate-api-keys')
    ).json<RegenerateApiKeysResponse>();
    for (const entry of firstBody.keys) {
      const response = await whoami(entry.key);
      expect(response.statusCode).toBe(401);
      expect(second.keys.find((next) => next.service === entry.service)?.key).not.toBe(entry.key);
    }
    for (const entry of second.keys)
      expect((await whoami(entry.key)).json()).toEqual({ service: entry.service });

    const listed = await call('GET', '/admin/api-keys');
    expect(listed.statusCode).toBe(200);
    const items = listed.json<ApiKeysResponse>().items;
    expect(items.map((item) => item.service)).toEqual(['chat', 'notification', 'storage']);
    for (const item of items) {
      expect(Object.keys(item).sort()).toEqual(['created_at', 'prefix', 'service']);
      const key = second.keys.find((entry) => entry.service === item.service)?.key ?? '';
      expect(key.startsWith(item.prefix)).toBe(true);
      expect(item.prefix.length).toBeLessThan(key.length - 16);
    }
    for (const entry of [...firstBody.keys, ...second.keys]) expect(listed.body).not.toContain(entry.key);
    const stored = await t.db.selectFrom('api_keys').select(['key_hash']).execute();
    for (const row of stored) expect(second.keys.map((entry) => entry.key)).not.toContain(row.key_hash);
  });
});

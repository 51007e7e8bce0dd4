import type { Admin, TokenPair } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHeaders,
  createAdmin,
  createCity,
  createCountry,
  createGroup,
  signIn,
} from '../../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface ListBody {
  items: Admin[];
  total: number;
  pageCount: number;
}

const ADMIN_KEYS = [
  'about_me',
  'birthday',
  'city_id',
  'city_name',
  'country_id',
  'country_name',
  'created_at',
  'email',
  'first_name',
  'gender',
  'groups',
  'id',
  'language',
  'last_name',
  'phone',
  'photo',
  'status',
  'uid',
  'updated_at',
  'username',
];

describe.each(testDatabaseKinds())('administrators (/auth/admin/admins) on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let rootId: number;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
    const root = await t.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    rootId = root.id;
    // An administrator's groups name existing groups.
    for (const name of ['editors', 'support', 'ops']) await createGroup(t.db, name, []);
  });
  afterAll(() => t?.close());

  const call = (method: Method, url: string, payload?: object, extra: Record<string, string> = headers) =>
    t.app.inject({
      method,
      url: `/auth/admin/admins${url}`,
      headers: extra,
      ...(payload ? { payload } : {}),
    });

  const newAdmin = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      email: `admin-new${counter}@admins.test`,
      password: 'admin-pass-1',
      password_repeat: 'admin-pass-1',
      first_name: 'Ivan',
      last_name: 'Franko',
      language: 'en-US',
      status: 1,
      groups: [],
      ...overrides,
    };
  };
  /** The writable fields of an admin as an update body (no password). */
  const updateOf = (admin: Admin, overrides: Record<string, unknown> = {}) => ({
    email: admin.email,
    first_name: admin.first_name,
    last_name: admin.last_name,
    language: admin.language,
    status: admin.status,
    groups: admin.groups,
    ...overrides,
  });
  const getAdmin = async (id: number) => (await call('GET', `/${id}`)).json<Admin>();

  it('answers every endpoint with 401 without a valid administrator token', async () => {
    const { admin } = await createAdmin(t.db, { groups: [] });
    const requests: [Method, string, object?][] = [
      ['GET', ''],
      ['GET', '?sort=nope'],
      ['POST', '', newAdmin()],
      ['POST', '', {}],
      ['GET', `/${admin.id}`],
      ['PUT', `/${admin.id}`, { status: 4 }],
      ['DELETE', `/${admin.id}`],
      ['DELETE', `/${rootId}`],
    ];
    const extras: Record<string, string>[] = [{}, { authorization: 'Bearer nonsense' }];
    for (const [method, url, payload] of requests) {
      for (const extra of extras) {
        const response = await call(method, url, payload, { ...extra, Lang: 'en-US' });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect((await getAdmin(admin.id)).status).toBe(1);
  });

  it('lists administrators with their groups, filtered and sorted, and 422 for bad parameters', async () => {
    await createAdmin(t.db, { email: 'zoryana@list.test', firstName: 'Zoryana', groups: ['editors'] });
    await createAdmin(t.db, { email: 'bohdana@list.test', firstName: 'Bohdana', status: 2, groups: [] });
    const response = await call('GET', '?filter[groups]=SUPER');
    expect(response.statusCode).toBe(200);
    const supers = response.json<ListBody>();
    expect(supers.items.map((item) => item.email)).toEqual([TEST_ADMIN.email]);
    expect(supers.items[0]?.groups).toEqual(['superadmin']);
    expect(Object.keys(supers.items[0] ?? {}).sort()).toEqual([...ADMIN_KEYS, 'version'].sort()); // a list row carries its version
    expect(response.body).not.toMatch(/password|argon2/);

    const listed = (await call('GET', '?filter[email]=list.test&sort=-email')).json<ListBody>();
    expect(listed).toMatchObject({ total: 2, pageCount: 1 });
    expect(listed.items.map((item) => item.email)).toEqual(['zoryana@list.test', 'bohdana@list.test']);
    const locked = (await call('GET', '?filter[email]=list.test&filter[status]=2')).json<ListBody>();
    expect(locked.items.map((item) => item.email)).toEqual(['bohdana@list.test']);

    const bad = await call('GET', '?sort=groups&filter[photo]=x&filter[status]=active&perPage=1000');
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({
      message: {
        sort: ['This column cannot be sorted'],
        'filter[photo]': ['This column cannot be filtered'],
        'filter[status]': ['Choose one of the options'],
        perPage: ['Page size must be one of 5, 10, 20, 50, 100'],
      },
    });
  });

  it('creates an administrator with normalised groups, who can sign in to the panel', async () => {
    const country = await createCountry(t.db, { name_en: 'Ukraine' });
    const city = await createCity(t.db, country.id, { name_en: 'Lviv' });
    const body = newAdmin({
      email: 'editor@admins.test',
      groups: ['Editors', ' support ', 'editors'],
      city_id: city.id,
    });
    const response = await call('POST', '', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Admin>();
    expect(created).toMatchObject({
      email: 'editor@admins.test',
      groups: ['editors', 'support'],
      photo: null,
      country_id: country.id,
      country_name: 'Ukraine',
      city_name: 'Lviv',
      status: 1,
    });
    expect(Object.keys(created).sort()).toEqual(ADMIN_KEYS);
    expect(response.body).not.toMatch(/password|argon2|admin-pass/);
    expect(await getAdmin(created.id)).toEqual(created);

    const pair = await signIn(t, 'EDITOR@admins.test', 'admin-pass-1');
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/profile-basic',
      headers: { authorization: `Bearer ${pair.access_token}` },
    });
    expect(profile.json()).toMatchObject({ email: 'editor@admins.test' });
  });

  it('rejects invalid administrator bodies with 422 keyed by field', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ email: 'ROOT@pult.test' }, { email: ['This e-mail is already taken'] }],
      [{ email: 'x@' }, { email: ['E-mail must be valid'] }],
      [
        { password: 'short1', password_repeat: 'short1' },
        { password: ['Password must be at least 8 characters long'] },
      ],
      [{ password_repeat: 'admin-pass-2' }, { password_repeat: ['Passwords do not match'] }],
      [{ photo: 'x.png' }, { photo: ['Unknown field'] }],
      [{ country_id: 424_242 }, { country_id: ['No such country'] }],
    ];
    for (const [overrides, message] of cases) {
      const response = await call('POST', '', newAdmin(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json(), JSON.stringify(overrides)).toEqual({ message });
    }
    const badGroup = await call('POST', '', newAdmin({ groups: ['bad group!'] }));
    expect(badGroup.statusCode).toBe(422);
    const fields = Object.keys(badGroup.json<{ message: Record<string, string[]> }>().message);
    expect(fields.length).toBeGreaterThan(0);
    for (const field of fields) expect(field).toMatch(/^groups/);
    const unknownGroup = await call('POST', '', newAdmin({ groups: ['editors', 'nobody-made-this'] }));
    expect(unknownGroup.statusCode).toBe(422);
    expect(unknownGroup.json()).toEqual({ message: { groups: ['No such group: nobody-made-this'] } });
    const admins = await t.db
      .selectFrom('admins')
      .select('email')
      .where('email', 'like', '%@admins.test')
      .execute();
    expect(admins.map((row) => row.email)).toEqual(['editor@admins.test']);
  });

  it('gets one administrator, and answers 404 for ids that name none', async () => {
    expect(await getAdmin(rootId)).toMatchObject({
      id: rootId,
      email: TEST_ADMIN.email,
      groups: ['superadmin'],
    });
    for (const id of ['987654', 'abc', '0']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const response = await call(method, `/${id}`);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Record not found' });
      }
    }
    const put = await call('PUT', '/987654', updateOf(await getAdmin(rootId)));
    expect(put.statusCode).toBe(404);
  });

  it('updates another administrator; locking them ends their sign-ins', async () => {
    const { admin, password } = await createAdmin(t.db, { email: 'locked@admins-update.test' });
    const pair = await signIn(t, admin.email, password);
    const current = await getAdmin(admin.id);
    t.time.advance(30);

    const renamed = await call(
      'PUT',
      `/${admin.id}`,
      updateOf(current, { first_name: 'Lesya', groups: ['Ops'] }),
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ first_name: 'Lesya', groups: ['ops'], status: 1 });
    expect(Date.parse(renamed.json<Admin>().updated_at)).toBeGreaterThan(Date.parse(current.updated_at));

    const lock = await call('PUT', `/${admin.id}`, updateOf(current, { status: 2 }));
    expect(lock.json()).toMatchObject({ status: 2 });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/profile-basic',
      headers: { authorization: `Bearer ${pair.access_token}` },
    });
    expect(profile.statusCode).toBe(401);
  });

  it('protects an administrator from locking or deleting themselves', async () => {
    const self = await getAdmin(rootId);
    for (const status of [0, 2, 3, 4, 10]) {
      const response = await call('PUT', `/${rootId}`, updateOf(self, { status }));
      expect(response.statusCode, String(status)).toBe(422);
      expect(response.json()).toEqual({
        message: { status: ['You cannot lock or deactivate your own account'] },
      });
    }
    const uk = await call('PUT', `/${rootId}`, updateOf(self, { status: 2 }), { ...headers, Lang: 'uk-UA' });
    expect(uk.json()).toEqual({
      message: { status: ['Не можна заблокувати чи вимкнути власний обліковий запис'] },
    });

    const deletion = await call('DELETE', `/${rootId}`);
    expect(deletion.statusCode).toBe(422);
    expect(deletion.json()).toEqual({ message: 'You cannot delete your own account' });

    const rename = await call('PUT', `/${rootId}`, updateOf(self, { last_name: 'Still-Here' }));
    expect(rename.statusCode).toBe(200);
    expect(rename.json()).toMatchObject({ status: 1, last_name: 'Still-Here', groups: ['superadmin'] });
    expect((await call('GET', '')).statusCode).toBe(200);
  });

  it('deletes another administrator by marking them deleted and ending their sign-ins', async () => {
    const { admin, password } = await createAdmin(t.db, { email: 'gone@admins-delete.test' });
    const pair = await signIn(t, admin.email, password);
    const response = await call('DELETE', `/${admin.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: admin.id, status: 10 });
    expect(response.body).not.toMatch(/password|argon2/);
    expect((await getAdmin(admin.id)).status).toBe(10);

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const access = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/admins',
      headers: { authorization: `Bearer ${pair.access_token}` },
    });
    expect(access.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: admin.email, password },
    });
    expect(again.statusCode).toBe(422);
    expect(again.json<TokenPair | { message: string }>()).not.toHaveProperty('access_token');
  });
});

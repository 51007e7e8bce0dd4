import type { TokenPair, User } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createCity, createCountry, createUser, signInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface ListBody {
  items: User[];
  total: number;
  pageCount: number;
}

const USER_KEYS = [
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
  'status',
  'uid',
  'updated_at',
  'username',
];

describe.each(testDatabaseKinds())('platform users (/auth/admin/users) on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let ukraine: { id: number };
  let kyiv: { id: number };
  let poland: { id: number };
  let warsaw: { id: number };
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
    ukraine = await createCountry(t.db, { code: 'UA', name_uk: 'Україна', name_en: 'Ukraine' });
    kyiv = await createCity(t.db, ukraine.id, { name_uk: 'Київ', name_en: 'Kyiv' });
    poland = await createCountry(t.db, { code: 'PL', name_uk: 'Польща', name_en: 'Poland' });
    warsaw = await createCity(t.db, poland.id, { name_uk: 'Варшава', name_en: 'Warsaw' });
  });
  afterAll(() => t?.close());

  const call = (method: Method, url: string, payload?: object, extra: Record<string, string> = headers) =>
    t.app.inject({ method, url: `/auth/admin/users${url}`, headers: extra, ...(payload ? { payload } : {}) });

  const newUser = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    return {
      email: `new${counter}@create.test`,
      password: 'secret-pass-1',
      password_repeat: 'secret-pass-1',
      first_name: 'Olena',
      last_name: 'Pchilka',
      language: 'en-US',
      status: 1,
      ...overrides,
    };
  };

  it('answers every endpoint with 401 without a valid administrator token', async () => {
    const { user } = await createUser(t.db);
    const body = newUser();
    const { password: _p, password_repeat: _r, ...update } = body;
    const requests: [Method, string, object?][] = [
      ['GET', ''],
      ['GET', '?perPage=7'],
      ['POST', '', body],
      ['POST', '', { unexpected: true }],
      ['GET', `/${user.id}`],
      ['GET', '/abc'],
      ['PUT', `/${user.id}`, update],
      ['PUT', `/${user.id}`, { status: 'x' }],
      ['DELETE', `/${user.id}`],
    ];
    for (const [method, url, payload] of requests) {
      const extras: Record<string, string>[] = [{}, { authorization: 'Bearer not-a-token' }];
      for (const extra of extras) {
        const response = await call(method, url, payload, { ...extra, Lang: 'en-US' });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
        expect(typeof response.json().message).toBe('string');
      }
    }
    const unchanged = await t.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', user.id)
      .executeTakeFirst();
    expect(unchanged?.status).toBe(1);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', body.email).execute()).toEqual([]);
  });

  it('lists items with total and pageCount, filtered and sorted by the descriptor grammar', async () => {
    for (const [email, first_name, status] of [
      ['anna@list.test', 'Anna', 1],
      ['bohdan@list.test', 'Bohdan', 2],
      ['ANNETTE@list.test', 'Annette', 1],
      ['oksana@list.test', 'Oksana', 3],
      ['andrii@list.test', 'Andrii', 1],
      ['ivan@list.test', 'Ivan', 1],
    ] as const) {
      await createUser(t.db, { email, first_name, status, country_id: ukraine.id, city_id: kyiv.id });
    }

    const all = await call('GET', '?filter[email]=@LIST.test&sort=email&perPage=5');
    expect(all.statusCode).toBe(200);
    const body = all.json<ListBody>();
    expect(body.total).toBe(6);
    expect(body.pageCount).toBe(2);
    expect(body.items.map((item) => item.email)).toEqual([
      'ANNETTE@list.test',
      'andrii@list.test',
      'anna@list.test',
      'bohdan@list.test',
      'ivan@list.test',
    ]);
    expect(Object.keys(body.items[0] ?? {}).sort()).toEqual([...USER_KEYS, 'version'].sort()); // a list row carries its version
    expect(body.items[0]).toMatchObject({ country_name: 'Ukraine', city_name: 'Kyiv' });
    expect(all.body).not.toMatch(/password|argon2/);

    const second = (
      await call('GET', '?filter[email]=@list.test&sort=email&perPage=5&page=2')
    ).json<ListBody>();
    expect(second.items.map((item) => item.email)).toEqual(['oksana@list.test']);

    const ann = (await call('GET', '?filter[first_name]=aNn&sort=-first_name')).json<ListBody>();
    expect(ann.items.map((item) => item.first_name)).toEqual(['Annette', 'Anna']);

    const active = (
      await call('GET', '?filter[email]=list.test&filter[status]=1&sort=-email')
    ).json<ListBody>();
    expect(active.items.map((item) => item.email)).toEqual([
      'ivan@list.test',
      'anna@list.test',
      'andrii@list.test',
      'ANNETTE@list.test',
    ]);

    const inKyiv = (
      await call('GET', `?filter[city_id]=${kyiv.id}&filter[email]=list.test`)
    ).json<ListBody>();
    expect(inKyiv.total).toBe(6);
    const inPoland = (
      await call('GET', `?filter[country_id]=${poland.id}&filter[email]=list.test`)
    ).json<ListBody>();
    expect(inPoland).toEqual({ items: [], total: 0, totalExact: true, totalKind: 'exact', pageCount: 0 });

    // The default sort is newest first.
    const newest = (await call('GET', '?filter[email]=list.test')).json<ListBody>();
    const created = newest.items.map((item) => item.created_at);
    expect(created).toEqual([...created].sort().reverse());

    // LIKE's metacharacters are matched literally.
    const percent = (await call('GET', `?filter[email]=${encodeURIComponent('%')}`)).json<ListBody>();
    expect(percent.total).toBe(0);
  });

  it('answers bad list parameters with 422 keyed by parameter', async () => {
    const response = await call(
      'GET',
      '?page=0&perPage=7&sort=password_hash&filter[password_hash]=x&filter[created_at]=2025-13-01' +
        '&filter[id]=abc&filter[status]=99&filter[uid]=x&foo=1',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: {
        page: ['Page must be a whole number from 1'],
        perPage: ['Page size must be one of 5, 10, 20, 50, 100'],
        sort: ['This column cannot be sorted'],
        'filter[password_hash]': ['This column cannot be filtered'],
        'filter[created_at]': ['Format: YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD'],
        'filter[id]': ['Must be an integer'],
        'filter[status]': ['Choose one of the options'],
        'filter[uid]': ['This column cannot be filtered'],
        foo: ['Unknown parameter'],
      },
    });
    const uk = await call('GET', '?perPage=7', undefined, { ...headers, Lang: 'uk-UA' });
    expect(uk.json()).toEqual({
      message: { perPage: ['Розмір сторінки має бути одним із 5, 10, 20, 50, 100'] },
    });
    expect((await call('GET', '?sort=email,email')).statusCode).toBe(422);
    expect((await call('GET', '?filter[created_at]=2025-02-01,2025-01-01')).statusCode).toBe(422);
  });

  it('gets one record, and answers 404 Record not found for ids that name none', async () => {
    const { user } = await createUser(t.db, {
      email: 'one@get.test',
      country_id: poland.id,
      city_id: warsaw.id,
    });
    const response = await call('GET', `/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: user.id,
      email: 'one@get.test',
      country_name: 'Poland',
      city_name: 'Warsaw',
    });
    expect(Object.keys(response.json()).sort()).toEqual(USER_KEYS);
    const ukrainian = await call('GET', `/${user.id}`, undefined, { ...headers, Lang: 'uk-UA' });
    expect(ukrainian.json()).toMatchObject({ country_name: 'Польща', city_name: 'Варшава' });

    for (const id of ['999999', 'abc', '0', '-1', '1.5', '99999999999999999999']) {
      const missing = await call('GET', `/${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ message: 'Record not found' });
    }
    const uk = await call('GET', '/abc', undefined, { ...headers, Lang: 'uk-UA' });
    expect(uk.json()).toEqual({ message: 'Запис не знайдено' });
  });

  it('creates a user (201) who can sign in, and never returns the password or its hash', async () => {
    const body = newUser({
      email: 'Created.User@create.test',
      username: 'created',
      phone: '',
      gender: 'female',
      birthday: '1990-05-17',
      city_id: kyiv.id,
      about_me: '',
    });
    const response = await call('POST', '', body);
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<User>();
    expect(created).toMatchObject({
      email: 'Created.User@create.test',
      username: 'created',
      phone: null,
      about_me: null,
      gender: 'female',
      birthday: '1990-05-17',
      country_id: ukraine.id,
      country_name: 'Ukraine',
      city_id: kyiv.id,
      city_name: 'Kyiv',
      language: 'en-US',
      status: 1,
    });
    expect(Object.keys(created).sort()).toEqual(USER_KEYS);
    expect(response.body).not.toMatch(/password|argon2|secret-pass/);

    const fetched = await call('GET', `/${created.id}`);
    expect(fetched.json()).toEqual(created);
    expect(fetched.body).not.toMatch(/password|argon2/);

    const row = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const pair = await signInUser(t, 'created.user@create.test', 'secret-pass-1');
    expect(pair.access_token).toEqual(expect.any(String));
  });

  it('rejects invalid bodies with 422 keyed by field, and stores nothing', async () => {
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{ email: 'not-an-email' }, { email: ['E-mail must be valid'] }],
      [
        { password: 'short', password_repeat: 'short' },
        { password: ['Password must be at least 8 characters long'] },
      ],
      [{ password_repeat: 'different-pass' }, { password_repeat: ['Passwords do not match'] }],
      [{ is_admin: true }, { is_admin: ['Unknown field'] }],
      [{ password_hash: 'x' }, { password_hash: ['Unknown field'] }],
      [{ status: 7 }, { status: ['Choose one of the options'] }],
      [{ language: 'fr-FR' }, { language: ['Choose one of the options'] }],
      [{ gender: 'robot' }, { gender: ['Choose one of the options'] }],
      [{ birthday: '1990-02-30' }, { birthday: ['Format: YYYY-MM-DD'] }],
      [{ first_name: '   ' }, { first_name: ['This field is required'] }],
      [{ country_id: poland.id, city_id: kyiv.id }, { city_id: ['The city is not in the chosen country'] }],
      [{ country_id: 999_999 }, { country_id: ['No such country'] }],
      [{ city_id: 999_999 }, { city_id: ['No such city'] }],
    ];
    const attempted: string[] = [];
    for (const [overrides, message] of cases) {
      const body = newUser(overrides);
      attempted.push(body.email as string);
      const response = await call('POST', '', body);
      expect(response.statusCode, JSON.stringify(overrides)).toBe(422);
      expect(response.json(), JSON.stringify(overrides)).toEqual({ message });
    }

    const empty = await call('POST', '', {});
    expect(empty.statusCode).toBe(422);
    const missing = empty.json<{ message: Record<string, string[]> }>().message;
    for (const field of ['email', 'password', 'password_repeat', 'first_name', 'last_name']) {
      expect(missing[field], field).toContain('This field is required');
    }

    const uk = await call('POST', '', newUser({ email: 'nope' }), { ...headers, Lang: 'uk-UA' });
    expect(uk.json()).toEqual({ message: { email: ['Е-пошта має бути дійсною'] } });

    const stored = await t.db.selectFrom('users').select('email').where('email', 'in', attempted).execute();
    expect(stored).toEqual([]);
  });

  it('rejects an e-mail that is taken, whatever its case, under email', async () => {
    await createUser(t.db, { email: 'taken@dup.test' });
    for (const email of ['taken@dup.test', 'TAKEN@Dup.Test']) {
      const response = await call('POST', '', newUser({ email }));
      expect(response.statusCode, email).toBe(422);
      expect(response.json()).toEqual({ message: { email: ['This e-mail is already taken'] } });
    }
    const rows = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', 'ilike', 'taken@dup.test')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('updates a user, with the same field rules, and answers 404 for one that does not exist', async () => {
    const { user } = await createUser(t.db, { email: 'before@update.test', country_id: ukraine.id });
    await createUser(t.db, { email: 'other@update.test' });
    const { password: _p, password_repeat: _r, ...base } = newUser({ email: 'after@update.test' });
    t.time.advance(60);

    const response = await call('PUT', `/${user.id}`, {
      ...base,
      first_name: 'Renamed',
      city_id: warsaw.id,
      country_id: '',
      gender: '',
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<User>();
    expect(updated).toMatchObject({
      id: user.id,
      email: 'after@update.test',
      first_name: 'Renamed',
      country_id: poland.id,
      city_id: warsaw.id,
      city_name: 'Warsaw',
      gender: null,
    });
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(updated.created_at));
    expect(response.body).not.toMatch(/password|argon2/);
    expect((await call('GET', `/${user.id}`)).json()).toEqual(updated);

    const withPassword = await call('PUT', `/${user.id}`, { ...base, password: 'new-password-1' });
    expect(withPassword.json()).toEqual({ message: { password: ['Unknown field'] } });
    const taken = await call('PUT', `/${user.id}`, { ...base, email: 'OTHER@update.test' });
    expect(taken.json()).toEqual({ message: { email: ['This e-mail is already taken'] } });
    const wrongCity = await call('PUT', `/${user.id}`, {
      ...base,
      country_id: ukraine.id,
      city_id: warsaw.id,
    });
    expect(wrongCity.json()).toEqual({ message: { city_id: ['The city is not in the chosen country'] } });
    const invalid = await call('PUT', `/${user.id}`, { ...base, email: '', last_name: '' });
    expect(invalid.statusCode).toBe(422);
    const invalidFields = invalid.json<{ message: Record<string, string[]> }>().message;
    expect(Object.keys(invalidFields).sort()).toEqual(['email', 'last_name']);
    expect(invalidFields.email).toContain('This field is required');
    expect((await call('GET', `/${user.id}`)).json()).toEqual(updated);

    for (const id of ['999999', 'abc']) {
      const missing = await call('PUT', `/${id}`, base);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ message: 'Record not found' });
    }
  });

  it('ends the sign-ins of a user whose status is set to anything but active', async () => {
    const { user, password } = await createUser(t.db, { email: 'locked@update.test' });
    const pair = await signInUser(t, user.email, password);
    const { password: _p, password_repeat: _r, ...base } = newUser({ email: user.email });
    const response = await call('PUT', `/${user.id}`, { ...base, status: 2 });
    expect(response.json()).toMatchObject({ status: 2 });
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/user/refresh-token',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('deletes by marking the user deleted (status 10) and ends their sign-ins', async () => {
    const { user, password } = await createUser(t.db, { email: 'gone@delete.test' });
    const first = await signInUser(t, user.email, password);
    const second = await signInUser(t, user.email, password);
    const refresh = (token: string) =>
      t.app.inject({ method: 'POST', url: '/auth/user/refresh-token', payload: { refresh_token: token } });
    const renewed = await refresh(first.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const current = renewed.json<TokenPair>();

    const response = await call('DELETE', `/${user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.id, email: 'gone@delete.test', status: 10 });
    expect(response.body).not.toMatch(/password|argon2/);

    expect((await call('GET', `/${user.id}`)).json()).toMatchObject({ status: 10 });
    expect((await refresh(current.refresh_token)).statusCode).toBe(401);
    expect((await refresh(second.refresh_token)).statusCode).toBe(401);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/auth/user/signin',
      payload: { email: user.email, password },
      headers: { Lang: 'en-US' },
    });
    expect(signin.statusCode).toBe(422);
    expect(signin.json()).toEqual({ message: 'Invalid login or password' });
    const live = await t.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('subject_kind', '=', 'user')
      .where('subject_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);

    for (const id of ['999999', 'abc']) {
      const missing = await call('DELETE', `/${id}`);
      expect(missing.statusCode, id).toBe(404);
      expect(missing.json()).toEqual({ message: 'Record not found' });
    }
  });
});

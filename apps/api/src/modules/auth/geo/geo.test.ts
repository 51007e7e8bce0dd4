import type { City, Country, LookupResponse } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createCity, createCountry, createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface ListBody<T> {
  items: T[];
  total: number;
  pageCount: number;
}

describe.each(testDatabaseKinds())('countries, cities and their lookups on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const call = (method: Method, url: string, payload?: object, extra: Record<string, string> = headers) =>
    t.app.inject({ method, url: `/auth/admin${url}`, headers: extra, ...(payload ? { payload } : {}) });

  it('answers every endpoint with 401 without a valid administrator token', async () => {
    const country = await createCountry(t.db);
    const city = await createCity(t.db, country.id);
    const requests: [Method, string, object?][] = [
      ['GET', '/countries'],
      ['POST', '/countries', { code: 'ZZ', name_uk: 'Зет', name_en: 'Zed' }],
      ['POST', '/countries', { code: 1 }],
      ['GET', `/countries/${country.id}`],
      ['PUT', `/countries/${country.id}`, { code: 'ZZ', name_uk: 'Зет', name_en: 'Zed' }],
      ['DELETE', `/countries/${country.id}`],
      ['GET', '/countries/lookup'],
      ['GET', '/cities'],
      ['POST', '/cities', { country_id: country.id, name_uk: 'Х', name_en: 'X' }],
      ['GET', `/cities/${city.id}`],
      ['PUT', `/cities/${city.id}`, { country_id: country.id, name_uk: 'Х', name_en: 'X' }],
      ['DELETE', `/cities/${city.id}`],
      ['GET', '/cities/lookup'],
      ['GET', `/cities/lookup?country_id=${country.id}`],
      ['GET', '/cities/lookup?country_id=abc'],
    ];
    const extras: Record<string, string>[] = [{}, { authorization: 'Bearer nonsense' }];
    for (const [method, url, payload] of requests) {
      for (const extra of extras) {
        const response = await call(method, url, payload, { ...extra, Lang: 'en-US' });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect((await call('GET', `/countries/${country.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/cities/${city.id}`)).statusCode).toBe(200);
  });

  it('creates, reads, updates and lists countries; codes are upper-cased and unique', async () => {
    const created = await call('POST', '/countries', { code: 'ua', name_uk: 'Україна', name_en: 'Ukraine' });
    expect(created.statusCode, created.body).toBe(201);
    const ukraine = created.json<Country>();
    expect(ukraine).toMatchObject({ code: 'UA', name_uk: 'Україна', name_en: 'Ukraine' });
    expect(Object.keys(ukraine).sort()).toEqual([
      'code',
      'created_at',
      'id',
      'name_en',
      'name_uk',
      'updated_at',
    ]);
    expect((await call('GET', `/countries/${ukraine.id}`)).json()).toEqual(ukraine);

    const duplicate = await call('POST', '/countries', {
      code: 'Ua',
      name_uk: 'Дубль',
      name_en: 'Duplicate',
    });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json()).toEqual({ message: { code: ['This code is already taken'] } });

    const invalid = await call('POST', '/countries', { code: 'U1', name_uk: '', name_en: 'X', flag: '🇺🇦' });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      message: {
        code: ['Two Latin capital letters (ISO 3166-1 alpha-2)'],
        name_uk: ['This field is required'],
        flag: ['Unknown field'],
      },
    });

    const moldova = (
      await call('POST', '/countries', { code: 'MD', name_uk: 'Молдова', name_en: 'Moldova' })
    ).json<Country>();
    const taken = await call('PUT', `/countries/${moldova.id}`, { code: 'UA', name_uk: 'М', name_en: 'M' });
    expect(taken.json()).toEqual({ message: { code: ['This code is already taken'] } });
    t.time.advance(5);
    const updated = await call('PUT', `/countries/${moldova.id}`, {
      code: 'md',
      name_uk: 'Республіка Молдова',
      name_en: 'Moldova',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: moldova.id, code: 'MD', name_uk: 'Республіка Молдова' });
    expect(Date.parse(updated.json<Country>().updated_at)).toBeGreaterThan(Date.parse(moldova.updated_at));

    const list = await call('GET', '/countries?filter[name_uk]=україн');
    expect(list.json<ListBody<Country>>()).toMatchObject({ total: 1, pageCount: 1, items: [{ code: 'UA' }] });
    const byCode = (await call('GET', '/countries?filter[code]=md')).json<ListBody<Country>>();
    expect(byCode.items.map((item) => item.id)).toEqual([moldova.id]);
    // An English reader's default sort is by the English name.
    const all = (await call('GET', '/countries?perPage=100')).json<ListBody<Country>>();
    const names = all.items.map((item) => item.name_en);
    expect(names).toEqual([...names].sort());
    const sorted = (await call('GET', '/countries?sort=-code&perPage=100')).json<ListBody<Country>>();
    const codes = sorted.items.map((item) => item.code);
    expect(codes).toEqual([...codes].sort().reverse());

    const bad = await call('GET', '/countries?sort=updated_at&filter[id]=x');
    expect(bad.json()).toEqual({
      message: { sort: ['This column cannot be sorted'], 'filter[id]': ['Must be an integer'] },
    });
    for (const id of ['999999', 'abc']) {
      for (const method of ['GET', 'DELETE'] as const) {
        const missing = await call(method, `/countries/${id}`);
        expect(missing.statusCode, `${method} ${id}`).toBe(404);
        expect(missing.json()).toEqual({ message: 'Record not found' });
      }
      const put = await call('PUT', `/countries/${id}`, { code: 'QQ', name_uk: 'К', name_en: 'Q' });
      expect(put.statusCode).toBe(404);
    }
  });

  it('refuses to delete a country that has cities or people, and deletes one that has none', async () => {
    const withCity = await createCountry(t.db);
    await createCity(t.db, withCity.id);
    const withUser = await createCountry(t.db);
    await createUser(t.db, { country_id: withUser.id });
    for (const country of [withCity, withUser]) {
      const response = await call('DELETE', `/countries/${country.id}`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: 'The country has cities or users; remove them first' });
      expect((await call('GET', `/countries/${country.id}`)).statusCode).toBe(200);
    }

    const empty = await createCountry(t.db);
    const deleted = await call('DELETE', `/countries/${empty.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: empty.id, code: empty.code });
    expect((await call('GET', `/countries/${empty.id}`)).statusCode).toBe(404);
  });

  it('creates, updates, filters and deletes cities within their country', async () => {
    const france = await createCountry(t.db, { code: 'FR', name_uk: 'Франція', name_en: 'France' });
    const spain = await createCountry(t.db, { code: 'ES', name_uk: 'Іспанія', name_en: 'Spain' });
    const created = await call('POST', '/cities', {
      country_id: france.id,
      name_uk: 'Париж',
      name_en: 'Paris',
    });
    expect(created.statusCode, created.body).toBe(201);
    const paris = created.json<City>();
    expect(paris).toMatchObject({ country_id: france.id, country_name: 'France', name_en: 'Paris' });
    const ukrainian = await call('GET', `/cities/${paris.id}`, undefined, { ...headers, Lang: 'uk-UA' });
    expect(ukrainian.json()).toMatchObject({ country_name: 'Франція', name_uk: 'Париж' });

    const duplicate = await call('POST', '/cities', {
      country_id: france.id,
      name_uk: 'Інший',
      name_en: 'PARIS',
    });
    expect(duplicate.json()).toEqual({ message: { name_en: ['This name is already taken'] } });
    const elsewhere = await call('POST', '/cities', {
      country_id: spain.id,
      name_uk: 'Париж',
      name_en: 'Paris',
    });
    expect(elsewhere.statusCode).toBe(201);
    const noCountry = await call('POST', '/cities', {
      country_id: 999_999,
      name_uk: 'Ніде',
      name_en: 'Nowhere',
    });
    expect(noCountry.statusCode).toBe(422);
    expect(noCountry.json()).toEqual({ message: { country_id: ['No such country'] } });
    const missing = await call('POST', '/cities', { country_id: '', name_uk: '', name_en: 'X' });
    expect(missing.json()).toEqual({
      message: { country_id: ['This field is required'], name_uk: ['This field is required'] },
    });

    const madrid = (
      await call('POST', '/cities', { country_id: spain.id, name_uk: 'Мадрид', name_en: 'Madrid' })
    ).json<City>();
    const inSpain = (await call('GET', `/cities?filter[country_id]=${spain.id}&sort=name_en`)).json<
      ListBody<City>
    >();
    expect(inSpain.items.map((item) => item.name_en)).toEqual(['Madrid', 'Paris']);
    expect(inSpain.items.every((item) => item.country_name === 'Spain')).toBe(true);
    const inFrance = (await call('GET', `/cities?filter[country_id]=${france.id}`)).json<ListBody<City>>();
    expect(inFrance.items.map((item) => item.id)).toEqual([paris.id]);
    const bad = await call('GET', '/cities?filter[country_id]=spain&sort=country_id');
    expect(bad.json()).toEqual({
      message: {
        'filter[country_id]': ['Choose one of the options'],
        sort: ['This column cannot be sorted'],
      },
    });

    const moved = await call('PUT', `/cities/${madrid.id}`, {
      country_id: france.id,
      name_uk: 'Мадрид',
      name_en: 'Madrid',
    });
    expect(moved.json()).toMatchObject({ country_id: france.id, country_name: 'France' });
    const clash = await call('PUT', `/cities/${madrid.id}`, {
      country_id: france.id,
      name_uk: 'париж',
      name_en: 'M',
    });
    expect(clash.json()).toEqual({ message: { name_uk: ['This name is already taken'] } });

    await createUser(t.db, { country_id: france.id, city_id: paris.id });
    const inUse = await call('DELETE', `/cities/${paris.id}`);
    expect(inUse.statusCode).toBe(422);
    expect(inUse.json()).toEqual({ message: 'Users live in this city; move them first' });
    const deleted = await call('DELETE', `/cities/${madrid.id}`);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: madrid.id });
    expect((await call('GET', `/cities/${madrid.id}`)).json()).toEqual({ message: 'Record not found' });
    expect((await call('GET', '/cities/abc')).statusCode).toBe(404);
  });

  it("sorts names in the reader's alphabet on the list and its export: Ґ after Г, Є after Е, І and Ї after И", async () => {
    // In Ukrainian alphabet order; shuffled on insert so neither the id nor byte order gives it.
    const ukrainian = [
      'абетка',
      'Ганна',
      'Ґанок',
      'Ерика',
      'Єва',
      'Ира',
      'Іра',
      'Їжак',
      "Кам'янка",
      'Камінь',
    ];
    const english = ['apple', 'Bob', 'eagle', 'Zed'];
    const order = [6, 2, 9, 0, 4, 8, 1, 7, 3, 5];
    for (const index of order) {
      await createCountry(t.db, {
        name_uk: ukrainian[index] as string,
        name_en: `Alphabet ${english[index % english.length]} ${index}`,
      });
    }
    const names = async (sort: string, lang: string, field: 'name_uk' | 'name_en') => {
      const response = await call(
        'GET',
        `/countries?filter[name_en]=alphabet${sort ? `&sort=${sort}` : ''}&perPage=20`,
        undefined,
        {
          ...headers,
          Lang: lang,
        },
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<ListBody<Country>>().items.map((item) => item[field]);
    };
    expect(await names('name_uk', 'uk-UA', 'name_uk')).toEqual(ukrainian);
    expect(await names('-name_uk', 'uk-UA', 'name_uk')).toEqual([...ukrainian].reverse());
    // A request that names no sort gets the name in the reader's own language.
    expect(await names('', 'uk-UA', 'name_uk')).toEqual(ukrainian);
    // Small and capital letters together in English, not all capitals first as byte order has it.
    const byEnglish = await names('name_en', 'en-US', 'name_en');
    expect(byEnglish.map((name) => name.split(' ')[1])).toEqual([
      'apple',
      'apple',
      'apple',
      'Bob',
      'Bob',
      'Bob',
      'eagle',
      'eagle',
      'Zed',
      'Zed',
    ]);

    const csv = await call('GET', '/countries/export.csv?filter[name_en]=alphabet', undefined, {
      ...headers,
      Lang: 'uk-UA',
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const positions = ukrainian.map((name) => csv.body.indexOf(name));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await t.db.deleteFrom('countries').where('name_en', 'like', 'Alphabet %').execute();
  });

  it('serves lookups named in the language of the Lang header', async () => {
    const georgia = await createCountry(t.db, { code: 'GE', name_uk: 'Грузія', name_en: 'Georgia' });
    const austria = await createCountry(t.db, { code: 'AT', name_uk: 'Австрія', name_en: 'Austria' });
    const tbilisi = await createCity(t.db, georgia.id, { name_uk: 'Тбілісі', name_en: 'Tbilisi' });
    const batumi = await createCity(t.db, georgia.id, { name_uk: 'Батумі', name_en: 'Batumi' });
    const vienna = await createCity(t.db, austria.id, { name_uk: 'Відень', name_en: 'Vienna' });

    const lookup = async (url: string, lang: string) => {
      const response = await call('GET', url, undefined, { ...headers, Lang: lang });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LookupResponse>().items;
    };
    const en = await lookup('/countries/lookup', 'en-US');
    expect(en).toContainEqual({ value: georgia.id, label: 'Georgia' });
    expect(en).toContainEqual({ value: austria.id, label: 'Austria' });
    const enLabels = en.map((item) => item.label);
    expect(enLabels).toEqual([...enLabels].sort(new Intl.Collator('en-US').compare));
    const uk = await lookup('/countries/lookup', 'uk-UA');
    expect(uk).toContainEqual({ value: georgia.id, label: 'Грузія' });
    expect(uk.findIndex((item) => item.value === austria.id)).toBeLessThan(
      uk.findIndex((item) => item.value === georgia.id),
    );

    expect(await lookup(`/cities/lookup?country_id=${georgia.id}`, 'en-US')).toEqual([
      { value: batumi.id, label: 'Batumi' },
      { value: tbilisi.id, label: 'Tbilisi' },
    ]);
    expect(await lookup(`/cities/lookup?country_id=${georgia.id}`, 'uk-UA')).toEqual([
      { value: batumi.id, label: 'Батумі' },
      { value: tbilisi.id, label: 'Тбілісі' },
    ]);
    const everywhere = await lookup('/cities/lookup', 'en-US');
    expect(everywhere).toContainEqual({ value: vienna.id, label: 'Vienna' });
    expect(everywhere).toContainEqual({ value: tbilisi.id, label: 'Tbilisi' });
    expect(await lookup('/cities/lookup?country_id=999999', 'en-US')).toEqual([]);

    const bad = await call('GET', '/cities/lookup?country_id=abc');
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json<{ message: Record<string, string[]> }>().message)).toEqual(['country_id']);
    const unknown = await call('GET', '/cities/lookup?region=1');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ message: { region: ['Unknown field'] } });
  });

  it('moves the people of a city along when the city is moved to another country', async () => {
    const from = await createCountry(t.db);
    const to = await createCountry(t.db);
    const city = await createCity(t.db, from.id);
    const { user } = await createUser(t.db, { country_id: from.id, city_id: city.id });
    const moved = await call('PUT', `/cities/${city.id}`, {
      country_id: to.id,
      name_uk: city.name_uk,
      name_en: city.name_en,
    });
    expect(moved.statusCode).toBe(200);
    const person = await call('GET', `/users/${user.id}`);
    expect(person.json()).toMatchObject({ country_id: to.id, city_id: city.id });
  });

  it("drops a person's city when only their country changes to another one", async () => {
    const home = await createCountry(t.db);
    const other = await createCountry(t.db);
    const city = await createCity(t.db, home.id);
    const { user } = await createUser(t.db, { country_id: home.id, city_id: city.id });
    const body = { email: user.email, first_name: 'Ann', last_name: 'Lee', language: 'en-US', status: 1 };
    const same = await call('PUT', `/users/${user.id}`, { ...body, country_id: home.id });
    expect(same.json()).toMatchObject({ country_id: home.id, city_id: city.id });
    const moved = await call('PUT', `/users/${user.id}`, { ...body, country_id: other.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ country_id: other.id, city_id: null });
  });
});

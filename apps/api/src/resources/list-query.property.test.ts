import {
  type Condition,
  effectiveSort,
  type ListQuery,
  LOCALES,
  PAGE_SIZE_OPTIONS,
  PERSON_GENDERS,
  parseListQuery,
  type SortTerm,
  USER_STATUSES,
  usersResource,
} from '@pult/contract';
import fc from 'fast-check';
import type { Selectable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../modules/auth/tables.js';
import {
  adminHeaders,
  cachedPasswordHash,
  createCity,
  createCountry,
  createUser,
} from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/**
 * The generic list engine (contract grammar → SQL) checked against a plain TypeScript reference over
 * the same rows: random valid queries must give the same page, and garbage must never be a 5xx.
 * Data uses lowercase ASCII letters only (and fixed-length e-mail local parts), so any collation
 * orders it as JavaScript does.
 */

type UserRow = Selectable<UsersTable>;

/** How the reference compares each filterable field; must cover the descriptor exactly. */
const FIELD_KINDS = {
  id: 'number',
  email: 'text',
  username: 'text',
  first_name: 'text',
  last_name: 'text',
  phone: 'text',
  groups: 'text',
  country_id: 'lookup',
  city_id: 'lookup',
  gender: 'select',
  birthday: 'date',
  language: 'select',
  status: 'select',
  created_at: 'timestamp',
  updated_at: 'timestamp',
} as const;
type FilterField = keyof typeof FIELD_KINDS;
const FILTER_FIELDS = Object.keys(FIELD_KINDS) as FilterField[];
const SORTABLE = usersResource.fields.filter((field) => field.sortable).map((field) => field.name);

const DATA_SEED = Number(process.env.LIST_PROPERTY_SEED ?? 20_261_121);
const NUM_RUNS = Number(process.env.LIST_PROPERTY_RUNS ?? 80);
const DAY_MS = 86_400_000;
const CREATED_BASE = Date.UTC(2025, 2, 10);
const BIRTHDAY_BASE = Date.UTC(1990, 0, 1);
const EXTREME_DAYS = ['0001-01-01', '9999-12-31'];

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const letters = (alphabet: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });

/** One seeded user before insertion; `place` indexes the list of country/city pairs. */
const seedRow = fc.record({
  local: letters('abcd', 6, 6),
  domain: fc.constantFrom('ab.io', 'cd.io', 'x.io'),
  username: fc.option(letters('abcde', 1, 6), { nil: null, freq: 4 }),
  first_name: letters('abcde', 1, 5),
  last_name: letters('abcde', 1, 5),
  phone: fc.option(
    fc.tuple(fc.constantFrom('', '+'), letters('0123', 3, 6)).map(([plus, digits]) => plus + digits),
    { nil: null, freq: 3 },
  ),
  gender: fc.option(fc.constantFrom(...PERSON_GENDERS), { nil: null, freq: 4 }),
  birthday: fc.option(
    fc.integer({ min: 0, max: 200 }).map((days) => dayOf(BIRTHDAY_BASE + days * DAY_MS)),
    { nil: null, freq: 4 },
  ),
  language: fc.constantFrom(...LOCALES),
  status: fc.constantFrom(...USER_STATUSES),
  // Whole minutes over four days, with the first and last millisecond of a day well represented.
  createdMs: fc
    .tuple(
      fc.integer({ min: 0, max: 3 }),
      fc.oneof(fc.constantFrom(0, 1439), fc.integer({ min: 0, max: 1439 })),
      fc.constantFrom(0, 59_999),
    )
    .map(([day, minute, ms]) => CREATED_BASE + day * DAY_MS + minute * 60_000 + ms),
  updatedAfterMs: fc.integer({ min: 0, max: 3 * 1440 }).map((minutes) => minutes * 60_000),
  place: fc.nat(),
  groups: fc.subarray(['staff', 'editors', 'ops']),
});
type Seed = typeof seedRow extends fc.Arbitrary<infer T> ? T : never;

// ---------------------------------------------------------------------------------------------
// The reference implementation
// ---------------------------------------------------------------------------------------------

function fieldValue(row: UserRow, field: string): unknown {
  const value = (row as unknown as Record<string, unknown>)[field];
  // A list of groups is filtered as its names joined by spaces, as the list's column is.
  return Array.isArray(value) ? value.join(' ') : value;
}

/**
 * Case folding as `ilike` does it: character by character (the simple mapping, İ → i), where
 * JavaScript's `toLowerCase` applies the full one (İ → i̇, two characters).
 */
function fold(text: string): string {
  return Array.from(text, (char) => Array.from(char.toLowerCase())[0] ?? char).join('');
}

function matches(row: UserRow, condition: Condition): boolean {
  const value = fieldValue(row, condition.field);
  switch (condition.type) {
    case 'text':
      return typeof value === 'string' && fold(value).includes(fold(condition.value));
    case 'number':
    case 'select':
      return value === condition.value;
    case 'date': {
      if (value === null) return false;
      const day = value instanceof Date ? dayOf(value.getTime()) : String(value);
      return condition.from <= day && day <= condition.to;
    }
  }
}

/** PostgreSQL's default: NULL sorts above every value, so ASC puts it last and DESC first. */
function compareValues(a: unknown, b: unknown): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const [x, y] = [String(a), String(b)];
  return x < y ? -1 : x > y ? 1 : 0;
}

function reference(rows: readonly UserRow[], query: ListQuery, conditions: readonly Condition[]) {
  const sort: SortTerm[] = effectiveSort(usersResource, query);
  const sign = (term: SortTerm) => (term.direction === 'desc' ? -1 : 1);
  const tieBreak = sign(sort[0] ?? { field: 'id', direction: 'asc' });
  const found = rows
    .filter((row) => conditions.every((condition) => matches(row, condition)))
    .sort((a, b) => {
      for (const term of sort) {
        const order = compareValues(fieldValue(a, term.field), fieldValue(b, term.field)) * sign(term);
        if (order !== 0) return order;
      }
      return (a.id - b.id) * tieBreak;
    });
  const start = (query.page - 1) * query.perPage;
  return {
    ids: found.slice(start, start + query.perPage).map((row) => row.id),
    total: found.length,
    pageCount: Math.ceil(found.length / query.perPage),
  };
}

// ---------------------------------------------------------------------------------------------
// Generators of valid queries
// ---------------------------------------------------------------------------------------------

interface GeneratedQuery {
  query: ListQuery;
  conditions: Condition[];
  /** Parameters as sent, in order; text values may carry spaces the server trims. */
  params: [string, string][];
}

interface Universe {
  rows: readonly UserRow[];
  countryIds: number[];
  cityIds: number[];
}

function dateCondition(field: FilterField, days: readonly string[]) {
  return fc
    .tuple(fc.constantFrom(...days, ...EXTREME_DAYS), fc.constantFrom(...days, ...EXTREME_DAYS), fc.boolean())
    .map(([a, b, single]) => {
      const [from, to] = a <= b ? [a, b] : [b, a];
      const condition: Condition = single
        ? { field, type: 'date', from, to: from }
        : { field, type: 'date', from, to };
      return { condition, raw: single ? from : `${from},${to}` };
    });
}

function textCondition(field: FilterField, rows: readonly UserRow[]) {
  const existing = rows
    .map((row) => fieldValue(row, field))
    .filter((value): value is string => typeof value === 'string');
  const substring = fc
    .tuple(fc.constantFrom(...existing), fc.nat(), fc.nat(), fc.constantFrom('same', 'upper', 'mixed'))
    .map(([value, i, j, casing]) => {
      const [start, end] = [i % (value.length + 1), j % (value.length + 1)].sort((x, y) => x - y);
      const part = value.slice(start, end);
      if (casing === 'upper') return part.toUpperCase();
      if (casing === 'mixed') return [...part].map((c, k) => (k % 2 ? c.toUpperCase() : c)).join('');
      return part;
    });
  // Includes LIKE's metacharacters and NUL, which no stored text can contain.
  const random = letters('abcdeABCDE01+@.%_\\\u0000', 1, 4);
  return fc
    .tuple(fc.oneof(substring, random), fc.constantFrom('', ' '))
    .map(([value, pad]) => ({ value, raw: `${pad}${value}${pad}` }))
    .filter(({ value }) => value.trim() === value)
    .map(({ value, raw }) => ({
      // An empty (or blank) filter is no filter.
      condition: value === '' ? undefined : ({ field, type: 'text', value } satisfies Condition),
      raw,
    }));
}

interface GeneratedFilter {
  /** Undefined when the value is blank: the server ignores it. */
  condition: Condition | undefined;
  raw: string;
}

function conditionFor(field: FilterField, universe: Universe): fc.Arbitrary<GeneratedFilter> {
  const { rows, countryIds, cityIds } = universe;
  const maxId = Math.max(...rows.map((row) => row.id));
  switch (FIELD_KINDS[field]) {
    case 'text':
      return textCondition(field, rows);
    case 'number':
      return fc
        .oneof(fc.constantFrom(...rows.map((row) => row.id)), fc.integer({ min: -3, max: maxId + 3 }))
        .map((id) => ({
          condition: { field, type: 'number', value: id } satisfies Condition,
          raw: String(id),
        }));
    case 'lookup': {
      const ids = field === 'country_id' ? countryIds : cityIds;
      return fc
        .oneof(fc.constantFrom(...ids), fc.integer({ min: 0, max: Math.max(...ids) + 3 }))
        .map((id) => ({
          condition: { field, type: 'select', value: id } satisfies Condition,
          raw: String(id),
        }));
    }
    case 'select': {
      const values: readonly (string | number)[] =
        field === 'status' ? USER_STATUSES : field === 'gender' ? PERSON_GENDERS : LOCALES;
      return fc.constantFrom(...values).map((value) => ({
        condition: { field, type: 'select', value } satisfies Condition,
        raw: String(value),
      }));
    }
    case 'date': {
      const days = Array.from({ length: 211 }, (_, i) => dayOf(BIRTHDAY_BASE + (i - 5) * DAY_MS));
      return dateCondition(field, days);
    }
    case 'timestamp': {
      const days = Array.from({ length: 10 }, (_, i) => dayOf(CREATED_BASE + (i - 2) * DAY_MS));
      return dateCondition(field, days);
    }
  }
}

function validQuery(universe: Universe): fc.Arbitrary<GeneratedQuery> {
  const sort = fc.uniqueArray(fc.constantFrom(...SORTABLE), { maxLength: 2 }).chain((fields) =>
    fc
      .array(fc.constantFrom<SortTerm['direction']>('asc', 'desc'), {
        minLength: fields.length,
        maxLength: fields.length,
      })
      .map((directions) =>
        fields.map((field, i): SortTerm => ({ field, direction: directions[i] ?? 'asc' })),
      ),
  );
  const filters = fc
    .uniqueArray(fc.constantFrom(...FILTER_FIELDS), { maxLength: 3 })
    .chain((fields) =>
      fc.tuple(...fields.map((field) => conditionFor(field, universe).map((c) => ({ field, ...c })))),
    );
  return fc
    .record({
      page: fc.option(fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 30 })), {
        nil: undefined,
      }),
      perPage: fc.option(fc.constantFrom(...PAGE_SIZE_OPTIONS), { nil: undefined }),
      sort,
      filters,
    })
    .map(({ page, perPage, sort, filters }) => {
      const params: [string, string][] = [];
      if (page !== undefined) params.push(['page', String(page)]);
      if (perPage !== undefined) params.push(['perPage', String(perPage)]);
      if (sort.length > 0) {
        params.push(['sort', sort.map((t) => (t.direction === 'desc' ? `-${t.field}` : t.field)).join(',')]);
      }
      const conditions: Condition[] = [];
      const raw: Record<string, string> = {};
      for (const filter of filters) {
        params.push([`filter[${filter.field}]`, filter.raw]);
        if (filter.condition) {
          conditions.push(filter.condition);
          raw[filter.field] = filter.raw.trim();
        }
      }
      const query: ListQuery = { page: page ?? 1, perPage: perPage ?? 10, sort, filters: raw };
      return { query, conditions, params };
    });
}

// ---------------------------------------------------------------------------------------------
// Generators of garbage
// ---------------------------------------------------------------------------------------------

const garbageKey = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom('page', 'perPage', 'sort', 'filter[email]', 'filter[id]') },
  fc.constantFrom(
    'page',
    'perPage',
    'sort',
    'filter[email]',
    'filter[id]',
    'filter[created_at]',
    'filter[birthday]',
    'filter[status]',
    'filter[gender]',
    'filter[country_id]',
    'filter[city_id]',
    'filter[uid]',
    'filter[about_me]',
    'filter[password_hash]',
    'filter[EMAIL]',
    'filter[nope]',
    'filter[]',
    'filter[email',
    'filter[email][x]',
    'filter',
    'q',
    'ünï',
    '%',
    '_',
    'constructor',
    'toString',
  ),
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
);

const garbageValue = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '0',
      '-1',
      '1',
      '7',
      '1e3',
      '0x10',
      '1.5',
      '99999999',
      '10000000',
      '99999999999999999999',
      '999999999999999',
      '-999999999999999',
      '9999-12-31',
      '0001-01-01',
      '0000-01-01',
      '2025-02-30',
      '2025-03-11',
      '2025-03-11,2025-03-12',
      '2025-01-01,2024-01-01',
      '9999-12-31,9999-12-31',
      '0001-01-01,9999-12-31',
      '2025-03-11,,2025-03-12',
      '-,,',
      ',',
      '-',
      '--email',
      'email,email',
      '-created_at,',
      'id,-id',
      '-status,email',
      'male',
      'uk-UA',
      '%',
      '_',
      '\\',
      '%_\\',
      "'; drop table users; --",
      'NaN',
      'Infinity',
      'true',
      'null',
      'ß',
      '\u0000',
      'a\u0000b',
      'İ',
      'K',
      '😀',
      'a'.repeat(201),
      'a'.repeat(5000),
    ),
  },
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
  fc.string({ unit: 'binary', maxLength: 6 }),
);

const garbagePairs = fc
  .tuple(fc.array(fc.tuple(garbageKey, garbageValue), { maxLength: 6 }), fc.boolean())
  // Sometimes a parameter is repeated on purpose.
  .map(([pairs, repeat]) => (repeat && pairs[0] ? [...pairs, pairs[0]] : pairs));

/** Fragments sent without encoding: malformed escapes and characters a parser might trip on. */
const rawGarbage = fc.array(
  fc.constantFrom(
    'page=%',
    'page=%zz',
    'filter[email]=%',
    'filter[email]=%E0%A4%A',
    'filter[email]=%C0%AF',
    'filter[email]=%FF',
    'filter[email]=a+b',
    'filter%5Bemail%5D=ann',
    'sort=%2D',
    'perPage=%35',
    '&&',
    '=',
    '==',
    'filter[id]=1=2',
    'filter[created_at]=2025-03-11%2C2025-03-12',
    '%5B%5D=1',
  ),
  { maxLength: 5 },
);

/** Groups repeated names into arrays, as Fastify's query-string parser does. */
function grouped(pairs: readonly (readonly [string, string])[]): Record<string, string | string[]> {
  const map = new Map<string, string | string[]>();
  for (const [key, value] of pairs) {
    const previous = map.get(key);
    map.set(
      key,
      previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value],
    );
  }
  return Object.fromEntries(map);
}

const encode = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&');

// ---------------------------------------------------------------------------------------------

describe.each(testDatabaseKinds())('users list queries against a reference on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let universe: Universe;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t);
    const places: { country_id: number | null; city_id: number | null }[] = [
      { country_id: null, city_id: null },
    ];
    const countryIds: number[] = [];
    const cityIds: number[] = [];
    for (let c = 0; c < 3; c += 1) {
      const country = await createCountry(t.db);
      countryIds.push(country.id);
      places.push({ country_id: country.id, city_id: null });
      for (let k = 0; k < 2; k += 1) {
        const city = await createCity(t.db, country.id);
        cityIds.push(city.id);
        places.push({ country_id: country.id, city_id: city.id });
      }
    }
    const [seeds] = fc.sample(
      fc.uniqueArray(seedRow, { minLength: 60, maxLength: 120, selector: (row: Seed) => row.local }),
      { seed: DATA_SEED, numRuns: 1 },
    );
    if (!seeds) throw new Error('No seed rows were generated');
    const passwordHash = await cachedPasswordHash('not-used-for-sign-in');
    for (const seed of seeds) {
      const { local, domain, createdMs, updatedAfterMs, place, ...columns } = seed;
      await createUser(t.db, {
        ...columns,
        ...places[place % places.length],
        email: `${local}@${domain}`,
        created_at: new Date(createdMs),
        updated_at: new Date(createdMs + updatedAfterMs),
        passwordHash,
      });
    }
    const rows = await t.db.selectFrom('users').selectAll().orderBy('id').execute();
    universe = { rows, countryIds, cityIds };
  });
  afterAll(() => t?.close());

  const list = (query: string) =>
    t.app.inject({ method: 'GET', url: `/auth/admin/users${query ? `?${query}` : ''}`, headers });

  it('seeds the rows the reference reads and covers every filterable field', () => {
    expect(universe.rows.length).toBeGreaterThanOrEqual(60);
    expect(universe.rows.some((row) => row.username === null)).toBe(true);
    expect(universe.rows.some((row) => row.birthday === null)).toBe(true);
    expect(typeof universe.rows[0]?.id).toBe('number');
    expect(typeof universe.rows.find((row) => row.birthday !== null)?.birthday).toBe('string');
    const filterable = usersResource.fields.filter((field) => field.filter).map((field) => field.name);
    expect([...filterable].sort()).toEqual([...FILTER_FIELDS].sort());
  });

  it('answers random valid queries with the reference page, total and page count', async () => {
    await fc.assert(
      fc.asyncProperty(validQuery(universe), async ({ query, conditions, params }) => {
        const response = await list(encode(params));
        expect(response.statusCode, response.body).toBe(200);
        const body = response.json<{ items: { id: number }[]; total: number; pageCount: number }>();
        const expected = reference(universe.rows, query, conditions);
        expect({
          ids: body.items.map((item) => item.id),
          total: body.total,
          pageCount: body.pageCount,
        }).toEqual(expected);
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('answers garbage with 200 or 422 as the grammar decides, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(garbagePairs, async (pairs) => {
        const response = await list(encode(pairs));
        expect(response.statusCode, response.body).toBeLessThan(500);
        const parsed = parseListQuery(usersResource, grouped(pairs));
        if (parsed.ok) {
          expect(response.statusCode, response.body).toBe(200);
          const body = response.json<{ items: { id: number }[]; total: number }>();
          const expected = reference(universe.rows, parsed.query, parsed.conditions);
          expect({ ids: body.items.map((item) => item.id), total: body.total }).toEqual({
            ids: expected.ids,
            total: expected.total,
          });
        } else {
          expect(response.statusCode, response.body).toBe(422);
          const message = response.json<{ message: Record<string, string[]> }>().message;
          expect(Object.keys(message).sort()).toEqual(Object.keys(parsed.errors).sort());
          for (const texts of Object.values(message)) {
            expect(texts.length).toBeGreaterThan(0);
            for (const text of texts) expect(typeof text).toBe('string');
          }
        }
      }),
      // İ once failed here: its full lower case is two characters, `ilike` folds it to one.
      { numRuns: NUM_RUNS, examples: [[[['filter[email]', 'İ']]]] },
    );
  });

  it('answers raw, malformed query strings with 200 or a 422 keyed by parameter', async () => {
    await fc.assert(
      fc.asyncProperty(rawGarbage, async (fragments) => {
        const response = await list(fragments.join('&'));
        expect([200, 422], response.body).toContain(response.statusCode);
        if (response.statusCode === 422) {
          const message: unknown = response.json<{ message: unknown }>().message;
          expect(typeof message).toBe('object');
          for (const texts of Object.values(message as object)) {
            expect(Array.isArray(texts) && texts.every((text) => typeof text === 'string')).toBe(true);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

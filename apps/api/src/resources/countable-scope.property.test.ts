import {
  type Condition,
  decide,
  type FieldKind,
  type GrantInput,
  grantSchema,
  type ListQuery,
  recordAllowed,
  type SortTerm,
  USER_STATUSES,
  usersResource,
  type Where,
} from '@pult/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RowScope } from '../access/request-access.js';
import { personListSource } from '../modules/auth/people/person-source.js';
import { cachedPasswordHash } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { countableScope } from './countable-scope.js';
import { dayOf, type ListedUser, reference } from './list-reference.js';
import { runList } from './list-sql.js';

/**
 * A countable row scope (`status`/`language` in sets) lets the list engine use the table's sample and
 * the day counters; its pages and totals must stay those of the rows the evaluator allows: random
 * scopes, filters, sorts and pages (deep ones, where the counters place the page in its day) over
 * generated users, against `recordAllowed` and the list reference.
 */

const ROWS = 3_000;
const DAYS = 20;
const DAY_MS = 86_400_000;
const FIRST_DAY = Date.UTC(2025, 4, 1);
const COUNT_LIMIT = 40;
const LANGUAGES = ['uk-UA', 'en-US', 'pl-PL'];
const KINDS: Record<string, FieldKind> = { status: 'integer', language: 'text' };
const ACTOR = { id: 1, groups: ['ops'] };
const NUM_RUNS = Number(process.env.LIST_PROPERTY_RUNS ?? 60);

const statusCondition = fc.oneof(
  fc.constantFrom(...USER_STATUSES).map((eq) => ({ eq })),
  fc
    .uniqueArray(fc.constantFrom(...USER_STATUSES), { minLength: 1, maxLength: 4 })
    .map((values) => ({ in: values })),
);
const languageCondition = fc.oneof(
  fc.constantFrom(...LANGUAGES).map((eq) => ({ eq })),
  fc
    .uniqueArray(fc.constantFrom(...LANGUAGES), { minLength: 1, maxLength: 2 })
    .map((values) => ({ in: values })),
);
const whereArb: fc.Arbitrary<Where> = fc
  .record({ status: statusCondition, language: languageCondition }, { requiredKeys: [] })
  .filter((where) => Object.keys(where).length > 0);

/** One allowing grant, or the same condition granted twice (by two groups, say). */
const scopeArb: fc.Arbitrary<RowScope> = fc.tuple(whereArb, fc.boolean()).map(([where, twice]) => {
  const grant: GrantInput = { resource: 'auth.users', action: 'list', where };
  const grants = (twice ? [grant, grant] : [grant]).map((input) => grantSchema.parse(input));
  return { decision: decide(grants, 'auth.users', 'list'), actor: ACTOR };
});

function requestArb(rows: readonly ListedUser[]) {
  const days = Array.from({ length: DAYS + 2 }, (_, i) => dayOf(FIRST_DAY + (i - 1) * DAY_MS));
  const dateRange = fc
    .tuple(fc.constantFrom(...days), fc.constantFrom(...days))
    .map(
      ([a, b]): Condition => ({ field: 'created_at', type: 'date', from: a < b ? a : b, to: a < b ? b : a }),
    );
  const status = fc
    .constantFrom(...USER_STATUSES)
    .map((value): Condition => ({ field: 'status', type: 'select', value }));
  const fragment = fc
    .tuple(fc.constantFrom(...rows.map((row) => row.email)), fc.nat(), fc.integer({ min: 1, max: 3 }))
    .map(([email, at, length]): Condition => {
      const start = at % Math.max(1, email.length - length);
      return { field: 'email', type: 'text', value: email.slice(start, start + length) };
    });
  const sorts: SortTerm[][] = [
    [],
    [{ field: 'created_at', direction: 'desc' }],
    [{ field: 'created_at', direction: 'asc' }],
    [{ field: 'email', direction: 'asc' }],
    [{ field: 'id', direction: 'desc' }],
  ];
  return fc
    .record({
      scope: scopeArb,
      dateRange: fc.option(dateRange, { nil: undefined }),
      status: fc.option(status, { nil: undefined, freq: 3 }),
      fragment: fc.option(fragment, { nil: undefined, freq: 2 }),
      sort: fc.constantFrom(...sorts),
      perPage: fc.constantFrom(10, 50, 100),
      // A fraction of the table: deep pages of a wide scope pass the day counters' threshold (1,000).
      depth: fc.oneof(fc.integer({ min: 0, max: 2 }), fc.double({ min: 0, max: 1, noNaN: true })),
    })
    .map(({ scope, dateRange, status, fragment, sort, perPage, depth }) => {
      const conditions = [dateRange, status, fragment].filter((c): c is Condition => c !== undefined);
      const page = Number.isInteger(depth) ? depth + 1 : 1 + Math.floor((depth * ROWS) / perPage);
      const query: ListQuery = { page, perPage: perPage as ListQuery['perPage'], sort, filters: {} };
      return { scope, conditions, query };
    });
}

describe.each(testDatabaseKinds())('lists under a countable row scope on %s', (kind) => {
  let t: TestApp;
  let rows: ListedUser[];
  const source = personListSource('users', usersResource, 'en-US');

  beforeAll(async () => {
    t = await createTestApp(kind);
    const passwordHash = await cachedPasswordHash('not-used-for-sign-in');
    const [seeds] = fc.sample(
      fc.array(
        fc.record({
          local: fc.string({ unit: fc.constantFrom(...'abcdefgh'), minLength: 3, maxLength: 8 }),
          // Mostly active users, as in life: a scope on status then reaches deep pages.
          status: fc.oneof({ arbitrary: fc.constant(1), weight: 3 }, fc.constantFrom(...USER_STATUSES)),
          language: fc.constantFrom(...LANGUAGES),
          minute: fc.integer({ min: 0, max: DAYS * 1440 - 1 }),
        }),
        { minLength: ROWS, maxLength: ROWS },
      ),
      { seed: 20, numRuns: 1 },
    );
    if (!seeds) throw new Error('No rows generated');
    for (let start = 0; start < ROWS; start += 500) {
      await t.db
        .insertInto('users')
        .values(
          seeds.slice(start, start + 500).map((seed, i) => ({
            email: `${seed.local}.${start + i}@x.io`,
            first_name: 'Ivan',
            last_name: 'Franko',
            status: seed.status,
            language: seed.language,
            created_at: new Date(FIRST_DAY + seed.minute * 60_000),
            password_hash: passwordHash,
          })),
        )
        .execute();
    }
    rows = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'status', 'language', 'created_at'])
      .orderBy('id')
      .execute();
  }, 300_000);
  afterAll(() => t?.close());

  it('answers with the page and total of the rows the evaluator allows', async () => {
    const seen = { exact: 0, estimate: 0 };
    await fc.assert(
      fc.asyncProperty(requestArb(rows), async ({ scope, conditions, query }) => {
        expect(countableScope(scope, source.columns)).toBeDefined();
        const allowed = rows.filter((row) =>
          recordAllowed(scope.decision, row, ACTOR, (field) => KINDS[field]),
        );
        const expected = reference(allowed, query, conditions);
        const answer = await runList(
          t.db,
          source,
          { query, conditions, scope },
          { countLimit: COUNT_LIMIT, budgetMs: 5_000 },
        );
        expect(answer.items.map((item) => item.id)).toEqual(expected.ids);
        const offset = (query.page - 1) * query.perPage;
        const more = expected.total > offset + expected.ids.length;
        expect(answer.pageCount > query.page).toBe(more);
        if (answer.totalExact) {
          seen.exact += 1;
          expect(answer.total).toBe(expected.total);
        } else {
          seen.estimate += 1;
          if (expected.ids.length > 0)
            expect(answer.total).toBeGreaterThanOrEqual(offset + expected.ids.length);
          expect(answer.total).toBeLessThanOrEqual(rows.length);
          // A lower bound says "more than": never as many as match.
          if (answer.totalKind === 'moreThan') expect(answer.total).toBeLessThan(expected.total);
        }
      }),
      { numRuns: NUM_RUNS, seed: 20 },
    );
    expect(seen.exact).toBeGreaterThan(0);
  }, 300_000);

  it('counts a scope on status from the day counters exactly, and starts its deep pages in their day', async () => {
    const grant = grantSchema.parse({
      resource: 'auth.users',
      action: 'list',
      where: { status: { in: [0, 1, 2] } },
    });
    const scope: RowScope = { decision: decide([grant], 'auth.users', 'list'), actor: ACTOR };
    const allowed = rows.filter((row) => [0, 1, 2].includes(row.status));
    expect(allowed.length).toBeGreaterThan(1_200);
    for (const direction of ['desc', 'asc'] as const) {
      const query: ListQuery = {
        page: 11,
        perPage: 100,
        sort: [{ field: 'created_at', direction }],
        filters: {},
      };
      // A count would stop at 40 and estimate: an exact total is the counters' sum.
      const answer = await runList(
        t.db,
        source,
        { query, conditions: [], scope },
        { countLimit: 40, budgetMs: 5_000 },
      );
      expect(answer.items.map((item) => item.id)).toEqual(reference(allowed, query, []).ids);
      expect(answer).toMatchObject({ total: allowed.length, totalExact: true });
    }
  });
});

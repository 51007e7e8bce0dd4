import {
  type Actor,
  decide,
  type FieldCondition,
  type FieldKind,
  type GrantInput,
  grantSchema,
  recordAllowed,
  type Where,
} from '@pult/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase, testDatabaseKinds } from '../test/test-database.js';
import { rowScopeSql, type ScopeColumn } from './row-scope.js';

/**
 * The SQL a row scope compiles to and the contract's evaluator must agree on every row: random
 * grants (allows and denies with random conditions) over a table with a column of every kind and
 * plenty of missing values. The panel decides with the evaluator and the server filters with SQL.
 */

const KINDS: Record<string, FieldKind> = {
  id: 'integer',
  n: 'integer',
  t: 'text',
  b: 'boolean',
  ts: 'timestamp',
  d: 'date',
  tags: 'list',
};
const COLUMNS: Record<string, ScopeColumn> = {
  id: { sql: sql.ref('p.id'), kind: 'integer' },
  n: { sql: sql.ref('p.n'), kind: 'integer' },
  t: { sql: sql.ref('p.t'), kind: 'text' },
  b: { sql: sql.ref('p.b'), kind: 'boolean' },
  ts: { sql: sql.ref('p.ts'), kind: 'timestamp' },
  d: { sql: sql.ref('p.d'), kind: 'date' },
  tags: { sql: sql`array_to_string(p.tags, ' ')`, kind: 'text', array: sql.ref('p.tags') },
};
const ACTOR: Actor = { id: 3, groups: ['a', 'x'] };
const BASE = Date.UTC(2026, 0, 1);
const TEXTS = ['a', 'b', 'c', 'x'];
const RUNS = Number(process.env.SCOPE_PROPERTY_RUNS ?? 150);

const instant = fc.integer({ min: 0, max: 5 }).map((k) => new Date(BASE + k * 1000).toISOString());
const day = fc
  .integer({ min: 0, max: 4 })
  .map((k) => new Date(BASE + k * 86_400_000).toISOString().slice(0, 10));
const small = fc.integer({ min: 0, max: 5 });

const rowArb = fc.record({
  n: fc.option(small, { nil: null }),
  t: fc.option(fc.constantFrom(...TEXTS), { nil: null }),
  b: fc.option(fc.boolean(), { nil: null }),
  // Some instants fall inside a millisecond, which answers show truncated.
  ts: fc.option(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.constantFrom(0, 400)), { nil: null }),
  d: fc.option(day, { nil: null }),
  tags: fc.option(fc.uniqueArray(fc.constantFrom(...TEXTS), { maxLength: 3 }), { nil: null }),
});

function conditionArb(kind: FieldKind): fc.Arbitrary<FieldCondition> {
  const ops: Record<string, fc.Arbitrary<unknown>> = {};
  const nul = fc.boolean();
  switch (kind) {
    case 'integer':
      Object.assign(ops, {
        eq: fc.oneof(small, fc.constant('$actor.id')),
        ne: fc.oneof(small, fc.constant('$actor.id')),
        in: fc.uniqueArray(small, { minLength: 1, maxLength: 3 }),
        gte: small,
        lte: small,
        null: nul,
      });
      break;
    case 'text':
      Object.assign(ops, {
        eq: fc.constantFrom(...TEXTS),
        ne: fc.constantFrom(...TEXTS),
        in: fc.oneof(
          fc.uniqueArray(fc.constantFrom(...TEXTS), { minLength: 1, maxLength: 3 }),
          fc.constant('$actor.groups'),
        ),
        null: nul,
      });
      break;
    case 'boolean':
      Object.assign(ops, { eq: fc.boolean(), ne: fc.boolean(), null: nul });
      break;
    case 'timestamp':
      Object.assign(ops, { gte: instant, lte: instant, null: nul });
      break;
    case 'date':
      Object.assign(ops, { gte: day, lte: day, null: nul });
      break;
    default:
      Object.assign(ops, {
        eq: fc.constantFrom(...TEXTS),
        ne: fc.constantFrom(...TEXTS),
        in: fc.oneof(
          fc.uniqueArray(fc.constantFrom(...TEXTS), { minLength: 1, maxLength: 2 }),
          fc.constant('$actor.groups'),
        ),
        null: nul,
      });
  }
  return fc
    .record(ops, { requiredKeys: [] })
    .filter((condition) => Object.keys(condition).length > 0) as fc.Arbitrary<FieldCondition>;
}

const whereArb = fc
  .uniqueArray(fc.constantFrom(...Object.keys(KINDS)), { minLength: 1, maxLength: 3 })
  .chain((fields) =>
    fc
      .tuple(...fields.map((field) => conditionArb(KINDS[field] as FieldKind)))
      .map(
        (conditions) => Object.fromEntries(fields.map((field, index) => [field, conditions[index]])) as Where,
      ),
  );

const grantsArb = fc.tuple(
  fc.array(fc.option(whereArb, { nil: undefined, freq: 5 }), { minLength: 1, maxLength: 3 }),
  fc.array(whereArb, { maxLength: 2 }),
);

describe.each(testDatabaseKinds())('row scopes in SQL and in the evaluator on %s', (kind) => {
  let database: DatabaseHandle;
  let rows: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    const { db } = database;
    await sql`create table scope_probe (id int primary key, n int, t text, b boolean, ts timestamptz, d date, tags text[])`.execute(
      db,
    );
    const seeded = fc.sample(rowArb, { numRuns: 80, seed: 2026 });
    for (const [index, row] of seeded.entries()) {
      const ts = row.ts
        ? new Date(BASE + row.ts[0] * 1000).toISOString().replace('Z', `${row.ts[1] ? '400' : ''}Z`)
        : null;
      await sql`insert into scope_probe values (${index + 1}, ${row.n}, ${row.t}, ${row.b}, ${ts}::timestamptz,
        ${row.d}::date, ${row.tags}::text[])`.execute(db);
    }
    const { rows: stored } = await sql<Record<string, unknown>>`select id, n, t, b, ts, d::text as d, tags
      from scope_probe order by id`.execute(db);
    // As an answer carries them: instants in milliseconds, days as text.
    rows = stored.map((row) => ({ ...row, ts: row.ts instanceof Date ? row.ts.toISOString() : row.ts }));
  });
  afterAll(() => database?.close());

  it('picks the same rows', async () => {
    await fc.assert(
      fc.asyncProperty(grantsArb, async ([allows, denies]) => {
        const grants = [
          ...allows.map(
            (where): GrantInput => ({ resource: 'p.probe', action: 'list', ...(where ? { where } : {}) }),
          ),
          ...denies.map(
            (where): GrantInput => ({ resource: 'p.probe', action: 'list', effect: 'deny', where }),
          ),
        ].map((grant) => grantSchema.parse(grant));
        const decision = decide(grants, 'p.probe', 'list');
        const condition = rowScopeSql({ decision, actor: ACTOR }, COLUMNS);
        const { rows: picked } = await sql<{ id: number }>`select p.id from scope_probe p where ${condition}
          order by p.id`.execute(database.db);
        const expected = rows
          .filter((row) => recordAllowed(decision, row, ACTOR, (field) => KINDS[field]))
          .map((row) => row.id);
        expect(picked.map((row) => row.id)).toEqual(expected);
      }),
      { numRuns: RUNS, seed: 20_261_126 },
    );
  }, 120_000);
});

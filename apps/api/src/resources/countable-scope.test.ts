import { decide, type GrantInput, grantSchema, type Where } from '@pult/contract';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { RowScope } from '../access/request-access.js';
import { type CountableColumn, countableScope, knownScope } from './countable-scope.js';

const COLUMNS: Record<string, CountableColumn> = {
  status: { kind: 'integer' },
  language: { kind: 'text' },
  verified: { kind: 'boolean' },
  created_at: { kind: 'timestamp' },
  groups: { kind: 'text', array: sql.ref('p.groups') },
  missing_language: { kind: 'text', where: () => sql`true` },
};

function scopeOf(allows: Where[], denies: Where[] = []): RowScope {
  const grants = [
    ...allows.map((where): GrantInput => ({ resource: 'auth.users', action: 'list', where })),
    ...denies.map((where): GrantInput => ({ resource: 'auth.users', action: 'list', effect: 'deny', where })),
  ].map((grant) => grantSchema.parse(grant));
  return { decision: decide(grants, 'auth.users', 'list'), actor: { id: 7, groups: ['ops'] } };
}

const reduce = (allows: Where[], denies: Where[] = []) => countableScope(scopeOf(allows, denies), COLUMNS);

describe('countableScope', () => {
  it('reduces eq and in on plain scalar columns to set filters, sorted', () => {
    expect(reduce([{ status: { in: [2, 0, 1] } }])).toEqual([{ field: 'status', values: [0, 1, 2] }]);
    expect(reduce([{ verified: { eq: true }, language: { in: ['uk-UA', 'en-US'] } }])).toEqual([
      { field: 'language', values: ['en-US', 'uk-UA'] },
      { field: 'verified', values: [true] },
    ]);
  });

  it('keeps the values both eq and in admit', () => {
    expect(reduce([{ status: { eq: 1, in: [1, 2] } }])).toEqual([{ field: 'status', values: [1] }]);
    expect(reduce([{ status: { eq: 3, in: [1, 2] } }])).toEqual([{ field: 'status', values: [] }]);
  });

  it('reduces several allowing grants with the same condition to it', () => {
    expect(reduce([{ status: { in: [0, 1] } }, { status: { in: [1, 0] } }])).toEqual([
      { field: 'status', values: [0, 1] },
    ]);
  });

  it('leaves opaque two allowing grants with different conditions', () => {
    expect(reduce([{ status: { eq: 1 } }, { status: { eq: 2 } }])).toBeUndefined();
    expect(reduce([{ status: { eq: 1 } }, { language: { eq: 'uk-UA' } }])).toBeUndefined();
  });

  it('leaves opaque a scope with a row deny', () => {
    expect(reduce([{ status: { in: [0, 1] } }], [{ status: { eq: 1 } }])).toBeUndefined();
  });

  it('leaves opaque conditions naming the actor', () => {
    expect(reduce([{ status: { eq: '$actor.id' } }])).toBeUndefined();
    expect(reduce([{ language: { in: '$actor.groups' } }])).toBeUndefined();
  });

  it('leaves opaque an array column, a column with its own where, a timestamp and an unknown field', () => {
    expect(reduce([{ groups: { eq: 'ops' } }])).toBeUndefined();
    expect(reduce([{ missing_language: { eq: 'x' } }])).toBeUndefined();
    expect(reduce([{ created_at: { eq: '2026-01-01T00:00:00.000Z' } }])).toBeUndefined();
    expect(reduce([{ nowhere: { eq: 'x' } }])).toBeUndefined();
  });

  it('leaves opaque other operators, alone or beside eq/in', () => {
    expect(reduce([{ status: { ne: 1 } }])).toBeUndefined();
    expect(reduce([{ status: { gte: 1 } }])).toBeUndefined();
    expect(reduce([{ status: { lte: 1 } }])).toBeUndefined();
    expect(reduce([{ status: { null: false } }])).toBeUndefined();
    expect(reduce([{ status: { in: [1], gte: 1 } }])).toBeUndefined();
  });

  it('leaves opaque a value of another type than the column (SQL would cast it, the evaluator not)', () => {
    expect(reduce([{ status: { eq: '1' } }])).toBeUndefined();
    expect(reduce([{ language: { eq: 1 } }])).toBeUndefined();
  });
});

describe('knownScope', () => {
  it('knows every row without a scope, nothing under a source scope of its own', () => {
    expect(knownScope({ columns: COLUMNS }, undefined)).toEqual([]);
    expect(knownScope({ columns: COLUMNS, scope: sql`true` }, undefined)).toBeUndefined();
    expect(
      knownScope({ columns: COLUMNS, scope: sql`true` }, scopeOf([{ status: { eq: 1 } }])),
    ).toBeUndefined();
    expect(knownScope({ columns: COLUMNS }, scopeOf([{ status: { eq: 1 } }]))).toEqual([
      { field: 'status', values: [1] },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  coversEveryRecord,
  decide,
  fieldNames,
  fieldsOfRecord,
  filterableFields,
  hasField,
  type KindOf,
  patternMatches,
  recordAllowed,
  visibleFields,
} from './evaluate.js';
import { type Grant, grantSchema } from './grants.js';
import { whereProblems } from './validate-where.js';

const grant = (input: Record<string, unknown>): Grant => grantSchema.parse(input);
const actor = { id: 7, groups: ['support', 'kyiv'] };
const kinds: Record<string, ReturnType<KindOf>> = {
  id: 'integer',
  status: 'integer',
  email: 'text',
  groups: 'list',
  created_at: 'timestamp',
  birthday: 'date',
  is_public: 'boolean',
  owner_id: 'integer',
};
const kindOf: KindOf = (field) => kinds[field];
const FIELDS = ['id', 'email', 'status', 'phone', 'groups'];

describe('patternMatches', () => {
  it('matches *, prefix.* and exact names only', () => {
    expect(patternMatches('*', 'auth.users')).toBe(true);
    expect(patternMatches('auth.*', 'auth.users')).toBe(true);
    expect(patternMatches('auth.*', 'authx.users')).toBe(false);
    expect(patternMatches('bulk.*', 'bulk.setStatus')).toBe(true);
    expect(patternMatches('auth.users', 'auth.user')).toBe(false);
  });
});

describe('decide', () => {
  it('denies by default', () => {
    expect(decide([], 'auth.users', 'list').allowed).toBe(false);
    expect(decide([grant({ resource: 'auth.users', action: 'read' })], 'auth.users', 'list').allowed).toBe(
      false,
    );
  });

  it('lets an unconditional deny win over any allow', () => {
    const grants = [
      grant({ resource: '*', action: '*' }),
      grant({ resource: 'notification.*', action: 'update', effect: 'deny' }),
    ];
    expect(decide(grants, 'notification.templates', 'update').allowed).toBe(false);
    expect(decide(grants, 'notification.templates', 'read').allowed).toBe(true);
  });

  it('keeps a deny with a condition as a row exclusion, and one with fields as a field exclusion', () => {
    const decision = decide(
      [
        grant({ resource: 'auth.users', action: 'list' }),
        grant({ resource: 'auth.users', action: 'list', effect: 'deny', where: { status: { eq: 10 } } }),
        grant({ resource: 'auth.users', action: 'list', effect: 'deny', fields: ['phone'] }),
      ],
      'auth.users',
      'list',
    );
    expect(decision.allowed).toBe(true);
    expect(coversEveryRecord(decision)).toBe(false);
    expect(recordAllowed(decision, { status: 1 }, actor, kindOf)).toBe(true);
    expect(recordAllowed(decision, { status: 10 }, actor, kindOf)).toBe(false);
    expect(fieldNames(visibleFields(decision), FIELDS)).toEqual(['id', 'email', 'status', 'groups']);
  });
});

describe('fields', () => {
  const decision = decide(
    [
      grant({ resource: 'auth.users', action: 'list', fields: ['id', 'email', 'status'] }),
      grant({
        resource: 'auth.users',
        action: 'list',
        fields: ['id', 'phone'],
        where: { status: { eq: 1 } },
      }),
    ],
    'auth.users',
    'list',
  );

  it('shows the union of the allows as columns, and filters only by fields every record shows', () => {
    expect(fieldNames(visibleFields(decision), FIELDS)).toEqual(['id', 'email', 'status', 'phone']);
    expect(fieldNames(filterableFields(decision), FIELDS)).toEqual(['id']);
  });

  it('gives a record the fields of the allows whose condition it meets', () => {
    expect(hasField(fieldsOfRecord(decision, { status: 1 }, actor, kindOf), 'phone')).toBe(true);
    expect(hasField(fieldsOfRecord(decision, { status: 2 }, actor, kindOf), 'phone')).toBe(false);
    expect(hasField(fieldsOfRecord(decision, { status: 2 }, actor, kindOf), 'email')).toBe(true);
  });
});

describe('conditions', () => {
  const allowedWhere = (where: Record<string, unknown>, record: Record<string, unknown>) =>
    recordAllowed(
      decide([grant({ resource: 'r.x', action: 'list', where })], 'r.x', 'list'),
      record,
      actor,
      kindOf,
    );

  it('compares with the acting administrator’s own values', () => {
    expect(allowedWhere({ owner_id: { eq: '$actor.id' } }, { owner_id: 7 })).toBe(true);
    expect(allowedWhere({ owner_id: { eq: '$actor.id' } }, { owner_id: 8 })).toBe(false);
    expect(allowedWhere({ groups: { in: '$actor.groups' } }, { groups: ['kyiv', 'x'] })).toBe(true);
    expect(allowedWhere({ groups: { in: '$actor.groups' } }, { groups: ['lviv'] })).toBe(false);
  });

  it('treats a missing value as failing every operator but ne', () => {
    expect(allowedWhere({ status: { eq: 1 } }, { status: null })).toBe(false);
    expect(allowedWhere({ status: { ne: 1 } }, { status: null })).toBe(true);
    expect(allowedWhere({ status: { gte: 0 } }, {})).toBe(false);
    expect(allowedWhere({ status: { null: true } }, { status: null })).toBe(true);
    expect(allowedWhere({ groups: { null: true } }, { groups: [] })).toBe(true);
  });

  it('compares instants as instants and days as days', () => {
    const at = { created_at: '2026-11-26T10:00:00.000Z' };
    expect(allowedWhere({ created_at: { gte: '2026-11-26' } }, at)).toBe(true);
    expect(allowedWhere({ created_at: { lte: '2026-11-26T09:59:59.999Z' } }, at)).toBe(false);
    expect(allowedWhere({ created_at: { lte: '2026-11-26T12:00:00+02:00' } }, at)).toBe(true);
    expect(allowedWhere({ birthday: { lte: '1990-01-01' } }, { birthday: '1989-12-31' })).toBe(true);
  });

  it('needs every operator of a field and every field of a condition', () => {
    expect(allowedWhere({ status: { gte: 1, lte: 2 }, email: { ne: 'x' } }, { status: 2, email: 'y' })).toBe(
      true,
    );
    expect(allowedWhere({ status: { gte: 1, lte: 2 }, email: { ne: 'x' } }, { status: 2, email: 'x' })).toBe(
      false,
    );
    expect(allowedWhere({ status: { in: [0, 1, 2] } }, { status: 3 })).toBe(false);
  });
});

describe('whereProblems', () => {
  it('names unknown fields, operators that do not apply and values that do not fit', () => {
    expect(
      whereProblems(
        {
          nope: { eq: 1 },
          email: { gte: 'a' },
          status: { in: ['x'] },
          is_public: { eq: '$actor.id' },
          created_at: { gte: 'yesterday' },
          groups: { in: '$actor.groups' },
          owner_id: { eq: '$actor.id' },
        },
        kindOf,
      ),
    ).toEqual([
      { path: 'nope', message: 'grantFieldUnknown' },
      { path: 'email.gte', message: 'grantOperatorInvalid' },
      { path: 'status.in', message: 'grantValueInvalid' },
      { path: 'is_public.eq', message: 'grantValueInvalid' },
      { path: 'created_at.gte', message: 'grantValueInvalid' },
    ]);
  });
});

describe('grantSchema', () => {
  it('refuses unknown keys, bad patterns and empty conditions', () => {
    expect(grantSchema.safeParse({ resource: 'auth.users', action: 'list', extra: 1 }).success).toBe(false);
    expect(grantSchema.safeParse({ resource: 'Auth.Users', action: 'list' }).success).toBe(false);
    expect(grantSchema.safeParse({ resource: 'auth.users', action: 'list', where: {} }).success).toBe(false);
    expect(
      grantSchema.safeParse({ resource: 'auth.users', action: 'list', where: { status: {} } }).success,
    ).toBe(false);
    expect(grantSchema.parse({ resource: 'auth.*', action: 'bulk.*' }).effect).toBe('allow');
  });
});

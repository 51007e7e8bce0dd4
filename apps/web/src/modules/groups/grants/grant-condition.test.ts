import { ACTOR_GROUPS, ACTOR_ID, type FieldKind } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import {
  actorValuesFor,
  formatOperand,
  operatorsFor,
  parseOperand,
  rowsOfWhere,
  whereOfRows,
} from './grant-condition';

const kinds: Record<string, FieldKind> = {
  status: 'integer',
  email: 'text',
  groups: 'list',
  created_at: 'timestamp',
};
const kindOf = (field: string) => kinds[field];

describe('grant conditions', () => {
  it('offers the operators the contract accepts for each kind', () => {
    expect(operatorsFor('integer')).toEqual(['eq', 'ne', 'in', 'gte', 'lte', 'null']);
    expect(operatorsFor('text')).toEqual(['eq', 'ne', 'in', 'null']);
    expect(operatorsFor('boolean')).toEqual(['eq', 'ne', 'null']);
    expect(operatorsFor('timestamp')).toEqual(['gte', 'lte', 'null']);
    expect(operatorsFor('json')).toEqual([]);
    expect(operatorsFor(undefined)).toEqual([]);
  });

  it("offers the actor's id on ids and the actor's groups on texts and lists", () => {
    expect(actorValuesFor('integer', 'eq')).toEqual([ACTOR_ID]);
    expect(actorValuesFor('list', 'in')).toEqual([ACTOR_GROUPS]);
    expect(actorValuesFor('text', 'eq')).toEqual([]);
    expect(actorValuesFor('integer', 'gte')).toEqual([]);
  });

  it('parses what was typed into the field kind', () => {
    expect(parseOperand('in', '0, 1,2,', 'integer')).toEqual([0, 1, 2]);
    expect(parseOperand('in', ACTOR_GROUPS, 'list')).toBe(ACTOR_GROUPS);
    expect(parseOperand('eq', ` ${ACTOR_ID} `, 'integer')).toBe(ACTOR_ID);
    expect(parseOperand('eq', '12', 'text')).toBe('12');
    expect(parseOperand('eq', 'true', 'boolean')).toBe(true);
    expect(parseOperand('null', 'false', 'integer')).toBe(false);
    expect(parseOperand('null', 'true', 'integer')).toBe(true);
    // A value that does not fit is sent as typed, for the server to name the problem.
    expect(parseOperand('eq', 'abc', 'integer')).toBe('abc');
  });

  it('shows stored operands as text', () => {
    expect(formatOperand([0, 1, 2])).toBe('0, 1, 2');
    expect(formatOperand(true)).toBe('true');
    expect(formatOperand('ann')).toBe('ann');
  });

  it('turns a stored condition into rows and back', () => {
    const where = {
      status: { in: [0, 1, 2], ne: 10 },
      groups: { in: ACTOR_GROUPS },
      created_at: { gte: '2025-01-01T00:00:00Z', null: false },
      id: { eq: ACTOR_ID },
    };
    const rows = rowsOfWhere(where);
    expect(rows).toHaveLength(6);
    expect(rows[0]).toEqual({ field: 'status', operator: 'in', value: '0, 1, 2' });
    expect(whereOfRows(rows, (field) => (field === 'id' ? 'integer' : kindOf(field)))).toEqual(where);
  });

  it('leaves out untouched empty rows, and no rows make no condition', () => {
    expect(whereOfRows([{ field: '', operator: 'eq', value: ' ' }], kindOf)).toBeUndefined();
    expect(whereOfRows([], kindOf)).toBeUndefined();
    expect(rowsOfWhere(undefined)).toEqual([]);
  });
});

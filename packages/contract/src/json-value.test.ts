import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonValueError, jsonValueSchema, MAX_JSON_DEPTH } from './json-value.js';

const nested = (levels: number): unknown => JSON.parse(`${'['.repeat(levels)}1${']'.repeat(levels)}`);
const nestedObjects = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('JSON values', () => {
  it('accepts every JSON shape up to 64 levels deep', () => {
    for (const value of [null, true, 0, -1.5, '', 'текст', [], {}, { a: [1, { b: null }] }, nested(64)]) {
      expect(jsonValueError(value), JSON.stringify(value)?.slice(0, 40)).toBeNull();
    }
    expect(jsonValueError(nestedObjects(MAX_JSON_DEPTH))).toBeNull();
  });

  it('refuses what is deeper than 64 levels, even thousands deep, without overflowing', () => {
    expect(jsonValueError(nested(65))).toBe('jsonTooDeep');
    expect(jsonValueError(nestedObjects(65))).toBe('jsonTooDeep');
    expect(jsonValueError(nested(100_000))).toBe('jsonTooDeep');
    expect(jsonValueError({ shallow: 1, deep: nested(64) })).toBe('jsonTooDeep');
    expect(jsonValueError(nested(3), 2)).toBe('jsonTooDeep');
  });

  it('refuses what is not JSON or what PostgreSQL cannot store', () => {
    expect(jsonValueError(undefined)).toBe('required');
    expect(jsonValueError([1, undefined])).toBe('invalidJson');
    expect(jsonValueError({ f: () => 1 })).toBe('invalidJson');
    expect(jsonValueError(Number.NaN)).toBe('invalidJson');
    expect(jsonValueError(new Date())).toBe('invalidJson');
    expect(jsonValueError({ text: 'a\u0000b' })).toBe('invalidValue');
    expect(jsonValueError({ 'k\u0000': 1 })).toBe('invalidValue');
  });

  it('reports its fault once, under its field, and stops the checks of the object around it', () => {
    const schema = z
      .strictObject({ value: jsonValueSchema, note: z.string().optional() })
      .superRefine((_body, ctx) => ctx.addIssue({ code: 'custom', message: 'objectCheck', path: ['value'] }));
    const deep = schema.safeParse({ value: nested(65) });
    expect(deep.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['value'], 'jsonTooDeep'],
    ]);
    expect(z.strictObject({ value: jsonValueSchema.optional() }).safeParse({}).success).toBe(true);
    expect(jsonValueSchema.safeParse({ ok: [1, 2] }).data).toEqual({ ok: [1, 2] });
  });
});

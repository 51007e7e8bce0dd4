import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-body.js';

describe('nesting of a raw JSON text', () => {
  it('counts arrays and objects, not brackets inside strings or escaped quotes', () => {
    expect(nestsDeeperThan('[[1]]', 2)).toBe(false);
    expect(nestsDeeperThan('[[[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[]}}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true);
    expect(nestsDeeperThan('["[[[[", "{{{{"]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\"[[[[", 1]', 1)).toBe(false);
    expect(nestsDeeperThan('["\\\\", [[1]]]', 2)).toBe(true);
    expect(nestsDeeperThan('[1],[2],[3]', 1)).toBe(false);
    expect(nestsDeeperThan('', 0)).toBe(false);
  });
});

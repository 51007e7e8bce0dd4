import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { parseIfMatch, recordConflictSchema, recordEtag } from './record-version.js';

describe('record versions in headers', () => {
  it('writes a version as a weak entity tag and reads it back', () => {
    expect(recordEtag('4711')).toBe('W/"4711"');
    expect(parseIfMatch(recordEtag('4711'))).toEqual({ any: false, versions: ['4711'] });
  });

  it('reads `*`, strong and weak tags, and lists (RFC 9110 §13.1.1)', () => {
    expect(parseIfMatch(' * ')).toEqual({ any: true });
    expect(parseIfMatch('"12"')).toEqual({ any: false, versions: ['12'] });
    expect(parseIfMatch('W/"12", "13" ,, W/"14"')).toEqual({ any: false, versions: ['12', '13', '14'] });
    expect(parseIfMatch('"a,b"')).toEqual({ any: false, versions: ['a,b'] });
  });

  it('names no version for a value that is not a list of entity tags', () => {
    for (const value of ['12', 'W/12', '"12', 'w/"12"', '"1"2"', '"1" "2"', '*, "1"', '']) {
      expect(parseIfMatch(value), value).toEqual({ any: false, versions: [] });
    }
  });

  it('describes the 412 answer around the item schema', () => {
    const schema = recordConflictSchema(z.object({ id: z.number() }));
    expect(schema.parse({ message: 'changed', current: { id: 1 } })).toEqual({
      message: 'changed',
      current: { id: 1 },
    });
    expect(() => schema.parse({ message: 'changed' })).toThrow();
  });
});

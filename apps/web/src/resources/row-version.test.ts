import { describe, expect, it } from 'vitest';
import { rowVersion } from './row-version';

describe('rowVersion', () => {
  it('is the version a list row carries', () => {
    expect(rowVersion({ id: 1, name: 'Kyiv', version: 'W/"812"' })).toBe('W/"812"');
  });

  it('is null for a row without one, so its delete goes without If-Match', () => {
    expect(rowVersion({ id: 1 })).toBeNull();
    expect(rowVersion({ id: 1, version: '' })).toBeNull();
    expect(rowVersion({ id: 1, version: 7 })).toBeNull();
  });
});

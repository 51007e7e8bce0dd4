import { describe, expect, it } from 'vitest';
import { compareCursors, formatCursor, parseCursor } from './cursor.js';

describe('live stream cursors', () => {
  it('reads back what it writes', () => {
    const cursor = { tx: 9_223_372_036_854_775_807n, id: 42 };
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
  });

  it('takes nothing that is not a cursor the feed can query, hostile or oversized alike', () => {
    for (const value of [
      undefined,
      '',
      '12',
      '1.2.3',
      '-1.2',
      '1.x',
      "1.2' or '1'='1",
      '99999999999999999999.1',
      `1.${'9'.repeat(16)}`,
      '１.２',
    ]) {
      expect(parseCursor(value)).toBeUndefined();
    }
  });

  it('orders by transaction, then by event', () => {
    expect(compareCursors({ tx: 2n, id: 1 }, { tx: 1n, id: 9 })).toBeGreaterThan(0);
    expect(compareCursors({ tx: 1n, id: 1 }, { tx: 1n, id: 2 })).toBeLessThan(0);
    expect(compareCursors({ tx: 1n, id: 2 }, { tx: 1n, id: 2 })).toBe(0);
  });
});

import type { Condition } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { type DayCounts, dayCountFilter } from './day-counts.js';

const COUNTS: DayCounts = { table: 'users', dayField: 'created_at', bucketField: 'status' };
const plain = () => true;
const week: Condition = { field: 'created_at', type: 'date', from: '2026-01-01', to: '2026-01-07' };
const status = (value: number): Condition => ({ field: 'status', type: 'select', value });

describe('dayCountFilter', () => {
  it('counts a day range and a bucket', () => {
    expect(dayCountFilter(COUNTS, [week, status(1)], [], plain)).toEqual({
      from: '2026-01-01',
      to: '2026-01-07',
      buckets: ['1'],
    });
    expect(dayCountFilter(COUNTS, [], [], plain)).toEqual({});
  });

  it('sums the buckets of a scope set on the bucket field, narrowed by a bucket filter', () => {
    const sets = [{ field: 'status', values: [0, 1, 2] }];
    expect(dayCountFilter(COUNTS, [week], sets, plain)).toMatchObject({ buckets: ['0', '1', '2'] });
    expect(dayCountFilter(COUNTS, [status(1)], sets, plain)).toEqual({ buckets: ['1'] });
    expect(dayCountFilter(COUNTS, [status(4)], sets, plain)).toEqual({ buckets: [] });
  });

  it('does not count a set on another field, a text filter or a field with its own where', () => {
    expect(dayCountFilter(COUNTS, [], [{ field: 'language', values: ['uk-UA'] }], plain)).toBeUndefined();
    const text: Condition = { field: 'email', type: 'text', value: 'ko' };
    expect(dayCountFilter(COUNTS, [text], [], plain)).toBeUndefined();
    expect(dayCountFilter(COUNTS, [status(1)], [], () => false)).toBeUndefined();
  });
});

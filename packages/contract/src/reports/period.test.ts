import { describe, expect, it } from 'vitest';
import { bucketStart, bucketStarts, presetRange, todayIn } from './period.js';

describe('report periods', () => {
  it('resolves presets from today, months and quarters included', () => {
    expect(presetRange('last-7-days', '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(presetRange('this-month', '2026-03-02')).toEqual({ from: '2026-03-01', to: '2026-03-02' });
    expect(presetRange('last-month', '2026-03-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last-month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('this-quarter', '2026-05-20')).toEqual({ from: '2026-04-01', to: '2026-05-20' });
    expect(presetRange('last-quarter', '2026-02-10')).toEqual({ from: '2025-10-01', to: '2025-12-31' });
  });

  it('starts weeks on Monday and months on the 1st', () => {
    expect(bucketStart('2026-03-01', 'week')).toBe('2026-02-23'); // a Sunday
    expect(bucketStart('2026-03-02', 'week')).toBe('2026-03-02'); // a Monday
    expect(bucketStarts({ from: '2025-12-20', to: '2026-02-01' }, 'month')).toEqual([
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(bucketStarts({ from: '2026-03-01', to: '2026-03-09' }, 'week')).toEqual([
      '2026-02-23',
      '2026-03-02',
      '2026-03-09',
    ]);
  });

  it('takes today in the report’s zone', () => {
    const instant = new Date('2026-03-01T22:30:00Z');
    expect(todayIn(instant, 'UTC')).toBe('2026-03-01');
    expect(todayIn(instant, 'Europe/Kyiv')).toBe('2026-03-02');
  });
});

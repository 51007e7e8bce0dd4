import { describe, expect, it } from 'vitest';
import { bucketLabel } from './bucket-label';

describe('bucket labels', () => {
  it('names a month, and shows days and weeks by their first day', () => {
    expect(bucketLabel('2026-03-01', 'month', 'en-US')).toBe('March 2026');
    expect(bucketLabel('2026-03-02', 'week', 'uk-UA')).toBe('02.03.2026');
  });
});

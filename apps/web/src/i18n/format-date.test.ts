import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it('shows a timestamp in UTC and says so, in both languages', () => {
    expect(formatDateTime('2025-01-15T23:30:00Z', 'en-US')).toBe('Jan 15, 2025, 11:30 PM UTC');
    expect(formatDateTime('2025-01-15T23:30:00Z', 'uk-UA')).toBe('15 січ. 2025 р., 23:30 UTC');
  });

  it('reads an offset and shows the same instant in UTC', () => {
    expect(formatDateTime('2025-01-16T01:30:00+02:00', 'en-US')).toBe('Jan 15, 2025, 11:30 PM UTC');
  });

  it('shows what it cannot parse as it came', () => {
    expect(formatDateTime('soon', 'en-US')).toBe('soon');
  });
});

describe('formatDate', () => {
  it('shows a calendar date on its own day', () => {
    expect(formatDate('1990-05-01', 'en-US')).toBe('May 1, 1990');
    expect(formatDate('1990-05-01', 'uk-UA')).toBe('1 трав. 1990 р.');
  });

  it('shows what it cannot parse as it came', () => {
    expect(formatDate('2025-02-30x', 'en-US')).toBe('2025-02-30x');
  });
});

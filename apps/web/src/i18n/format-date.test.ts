import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

describe('formatDateTime', () => {
  it("writes a timestamp in the UI language's numeric style, in UTC by default, zone named", () => {
    expect(formatDateTime('2026-11-23T14:05:00Z', 'uk-UA')).toBe('23.11.2026 14:05 UTC');
    expect(formatDateTime('2026-11-23T14:05:00Z', 'en-US')).toBe('11/23/2026, 2:05 PM UTC');
  });

  it('pads hours in Ukrainian (24-hour clock) and not in English (12-hour clock)', () => {
    expect(formatDateTime('2025-01-05T09:07:00Z', 'uk-UA')).toBe('05.01.2025 09:07 UTC');
    expect(formatDateTime('2025-01-05T09:07:00Z', 'en-US')).toBe('01/05/2025, 9:07 AM UTC');
  });

  it('reads an offset and shows the same instant in UTC', () => {
    expect(formatDateTime('2025-01-16T01:30:00+02:00', 'en-US')).toBe('01/15/2025, 11:30 PM UTC');
  });

  it("shows the instant in another zone, on that zone's day, and names it", () => {
    expect(formatDateTime('2026-11-23T23:30:00Z', 'uk-UA', 'Europe/Kyiv')).toBe('24.11.2026 01:30 GMT+2');
    expect(formatDateTime('2026-07-01T12:00:00Z', 'uk-UA', 'Europe/Kyiv')).toBe('01.07.2026 15:00 GMT+3');
    expect(formatDateTime('2026-11-23T14:05:00Z', 'en-US', 'America/New_York')).toBe(
      '11/23/2026, 9:05 AM EST',
    );
  });

  it('uses plain spaces only, whatever the ICU data puts before AM/PM', () => {
    expect(formatDateTime('2026-11-23T14:05:00Z', 'en-US')).not.toMatch(/[\u202f\u00a0]/);
  });

  it('shows what it cannot parse as it came', () => {
    expect(formatDateTime('soon', 'en-US')).toBe('soon');
  });
});

describe('formatDate', () => {
  it("shows a calendar date on its own day in the language's order", () => {
    expect(formatDate('1990-05-01', 'en-US')).toBe('05/01/1990');
    expect(formatDate('1990-05-01', 'uk-UA')).toBe('01.05.1990');
  });

  it('shows what it cannot parse as it came', () => {
    expect(formatDate('2025-02-30x', 'en-US')).toBe('2025-02-30x');
  });
});

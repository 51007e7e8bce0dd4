import { describe, expect, it } from 'vitest';
import { addDays, addMonths, monthMatrix, monthOf, todayUtc, weekEnd, weekStart } from './calendar-days';

describe('calendar days', () => {
  it('adds days across month and year ends, in UTC', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('adds months keeping the day, clamped to the shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-03-15', -1)).toBe('2026-02-15');
    expect(addMonths('2026-01-10', -1)).toBe('2025-12-10');
    expect(addMonths('2026-11-30', 12)).toBe('2027-11-30');
  });

  it('finds the week around a day for a Monday or a Sunday start', () => {
    // 2026-11-25 is a Wednesday.
    expect(weekStart('2026-11-25', 1)).toBe('2026-11-23');
    expect(weekEnd('2026-11-25', 1)).toBe('2026-11-29');
    expect(weekStart('2026-11-25', 7)).toBe('2026-11-22');
    expect(weekEnd('2026-11-25', 7)).toBe('2026-11-28');
    expect(weekStart('2026-11-23', 1)).toBe('2026-11-23');
    expect(weekStart('2026-11-22', 1)).toBe('2026-11-16');
  });

  it('lays a month out as six weeks from the week start, marking the neighbours’ days', () => {
    const monday = monthMatrix({ year: 2026, month: 10 }, 1);
    expect(monday).toHaveLength(6);
    expect(monday.every((week) => week.length === 7)).toBe(true);
    // 1 November 2026 is a Sunday: the Monday grid opens on 26 October.
    expect(monday[0]?.[0]).toEqual({ iso: '2026-10-26', day: 26, outside: true });
    expect(monday[0]?.[6]).toEqual({ iso: '2026-11-01', day: 1, outside: false });
    expect(monday[5]?.[0]?.iso).toBe('2026-11-30');
    expect(monday[5]?.[1]).toEqual({ iso: '2026-12-01', day: 1, outside: true });

    const sunday = monthMatrix({ year: 2026, month: 10 }, 7);
    expect(sunday[0]?.[0]).toEqual({ iso: '2026-11-01', day: 1, outside: false });
    expect(sunday.flat().filter((day) => !day.outside)).toHaveLength(30);
  });

  it('takes today and a month from UTC, not the browser zone', () => {
    expect(todayUtc(new Date('2026-11-26T23:30:00-05:00'))).toBe('2026-11-27');
    expect(monthOf('2026-02-01')).toEqual({ year: 2026, month: 1 });
  });
});

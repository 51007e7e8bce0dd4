import { describe, expect, it } from 'vitest';
import { dayName, monthTitle, weekdayNames } from './calendar-text';
import { firstDayOfWeek } from './week-info';

describe('calendar texts in the UI language', () => {
  it('starts the week on Monday in Ukrainian and on Sunday in American English', () => {
    expect(firstDayOfWeek('uk-UA')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(7);
  });

  it('names the weekdays in the week’s order', () => {
    const uk = weekdayNames('uk-UA', 1);
    expect(uk.map((day) => day.short)).toEqual(['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'нд']);
    expect(uk[0]?.long).toBe('понеділок');
    const en = weekdayNames('en-US', 7);
    expect(en.map((day) => day.short)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(en[6]?.long).toBe('Saturday');
  });

  it('titles the month with a capital', () => {
    expect(monthTitle({ year: 2026, month: 10 }, 'uk-UA')).toBe('Листопад 2026 р.');
    expect(monthTitle({ year: 2026, month: 10 }, 'en-US')).toBe('November 2026');
  });

  it('names a day in full, as a UTC day', () => {
    expect(dayName('2026-11-23', 'uk-UA')).toBe('понеділок, 23 листопада 2026 р.');
    expect(dayName('2026-11-23', 'en-US')).toBe('Monday, November 23, 2026');
  });
});

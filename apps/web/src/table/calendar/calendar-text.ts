import { addDays, dayDate, type MonthRef, type WeekDay, weekStart } from './calendar-days';

/**
 * Month and weekday names in the UI language from `Intl.DateTimeFormat`, not a date library's locale
 * bundle (nothing to download, and the same data the panel's other dates use). Always in UTC, the
 * zone the grid's days are in, so a browser west of Greenwich does not name the day before.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let cached = formats.get(key);
  if (!cached) {
    cached = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formats.set(key, cached);
  }
  return cached;
}

/** A heading starts with a capital even where the language writes month names in lower case. */
function capitalised(text: string, locale: string): string {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "Листопад 2026 р.", "November 2026". */
export function monthTitle({ year, month }: MonthRef, locale: string): string {
  const date = new Date(Date.UTC(year, month, 1));
  return capitalised(format(locale, { month: 'long', year: 'numeric' }).format(date), locale);
}

export interface WeekdayName {
  short: string;
  long: string;
}

/** The column headings in the week's order: "пн" … "нд" (Monday first in uk-UA), "Sun" … "Sat". */
export function weekdayNames(locale: string, firstDay: WeekDay): WeekdayName[] {
  // Any week will do; 2026-11-23 is a Monday.
  const start = weekStart('2026-11-23', firstDay);
  return Array.from({ length: 7 }, (_, index) => {
    const date = dayDate(addDays(start, index));
    return {
      short: format(locale, { weekday: 'short' }).format(date),
      long: format(locale, { weekday: 'long' }).format(date),
    };
  });
}

/** A cell's accessible name, the full date: "понеділок, 23 листопада 2026 р.", "Monday, November 23, 2026". */
export function dayName(iso: string, locale: string): string {
  return format(locale, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(
    dayDate(iso),
  );
}

/**
 * Calendar days as ISO `YYYY-MM-DD` strings, counted in UTC: the date filters' days are UTC days
 * (the server's rule, architecture.md "Language and time"), so the grid must never shift a day by the
 * browser's zone. Strings also compare in day order, which the range logic relies on.
 */

/** 1 = Monday … 7 = Sunday, as `Intl.Locale#getWeekInfo` numbers the days. */
export type WeekDay = 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface MonthRef {
  year: number;
  /** 0 = January, as `Date` counts. */
  month: number;
}

const MS_PER_DAY = 86_400_000;

/** Midnight UTC of an ISO day. */
export function dayDate(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

export function isoOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Today's UTC day, the one the grid marks. */
export function todayUtc(now: Date = new Date()): string {
  return isoOf(now);
}

export function addDays(iso: string, days: number): string {
  return isoOf(new Date(dayDate(iso).getTime() + days * MS_PER_DAY));
}

export function monthOf(iso: string): MonthRef {
  const date = dayDate(iso);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() };
}

export function sameMonth(a: MonthRef, b: MonthRef): boolean {
  return a.year === b.year && a.month === b.month;
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** The same day of the month `months` away, clamped to that month's last day (31 Jan + 1 → 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const date = dayDate(iso);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const day = Math.min(date.getUTCDate(), daysInMonth(target.getUTCFullYear(), target.getUTCMonth()));
  target.setUTCDate(day);
  return isoOf(target);
}

/** Monday-based 1…7 of a day, as `WeekDay` numbers them (`getUTCDay` has Sunday = 0). */
function weekDayOf(iso: string): WeekDay {
  return (((dayDate(iso).getUTCDay() + 6) % 7) + 1) as WeekDay;
}

/** The first day of the week `iso` is in, for a week that starts on `firstDay`. */
export function weekStart(iso: string, firstDay: WeekDay): string {
  return addDays(iso, -((weekDayOf(iso) - firstDay + 7) % 7));
}

export function weekEnd(iso: string, firstDay: WeekDay): string {
  return addDays(weekStart(iso, firstDay), 6);
}

export interface GridDay {
  iso: string;
  /** 1…31, what the cell shows. */
  day: number;
  /** Outside the month shown: a neighbour month's day that fills the first or last week. */
  outside: boolean;
}

/**
 * The month as six weeks of seven days starting on `firstDay`. Always six rows, so the popover does
 * not change height (and jump under the pointer) from one month to the next.
 */
export function monthMatrix({ year, month }: MonthRef, firstDay: WeekDay): GridDay[][] {
  const first = isoOf(new Date(Date.UTC(year, month, 1)));
  const start = weekStart(first, firstDay);
  return Array.from({ length: 6 }, (_, week) =>
    Array.from({ length: 7 }, (_, weekday) => {
      const iso = addDays(start, week * 7 + weekday);
      const date = dayDate(iso);
      return { iso, day: date.getUTCDate(), outside: date.getUTCMonth() !== month };
    }),
  );
}

/**
 * A report's period in calendar dates of its time zone. Dates are `YYYY-MM-DD` strings and all the
 * arithmetic is on calendar days (UTC-based `Date`s used as plain day counters), so a DST change in
 * the report's zone never moves a bucket: only the server turns dates into instants, in SQL.
 */
export const REPORT_PRESETS = [
  'last-7-days',
  'last-30-days',
  'last-90-days',
  'this-month',
  'last-month',
  'this-quarter',
  'last-quarter',
] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

/** Buckets start on a day, a Monday (ISO weeks) or the first of a month. */
export const REPORT_GROUPS = ['day', 'week', 'month'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The longest period a report covers: two years, so a daily table stays a few hundred rows. */
export const REPORT_MAX_DAYS = 731;

/**
 * The days a report's period may name. Far beyond any data, but bounded: the day after 9999-12-31
 * has no `YYYY-MM-DD` form, and the bucket arithmetic on such dates would never end.
 */
export const REPORT_DAYS = { first: '1970-01-01', last: '2999-12-31' } as const;

export interface DateRange {
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;

function toDay(date: string): number {
  return Date.parse(`${date}T00:00:00Z`) / DAY_MS;
}

function fromDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromDay(toDay(date) + days);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(range: DateRange): number {
  return toDay(range.to) - toDay(range.from) + 1;
}

/** Whether the zone is an IANA name this runtime knows (`UTC` included). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

/** The calendar date `now` falls on in `timeZone`. */
export function todayIn(now: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

function monthStart(date: string, monthsBack = 0): string {
  const [year = 0, month = 1] = date.split('-').map(Number);
  return fromDay(Date.UTC(year, month - 1 - monthsBack, 1) / DAY_MS);
}

function quarterStart(date: string, quartersBack = 0): string {
  const month = Number(date.slice(5, 7));
  const back = ((month - 1) % 3) + quartersBack * 3;
  return monthStart(date, back);
}

/** A preset as dates, relative to `today`; "last N days" ends today, so today's figures are shown. */
export function presetRange(preset: ReportPreset, today: string): DateRange {
  switch (preset) {
    case 'last-7-days':
      return { from: addDays(today, -6), to: today };
    case 'last-30-days':
      return { from: addDays(today, -29), to: today };
    case 'last-90-days':
      return { from: addDays(today, -89), to: today };
    case 'this-month':
      return { from: monthStart(today), to: today };
    case 'last-month':
      return { from: monthStart(today, 1), to: addDays(monthStart(today), -1) };
    case 'this-quarter':
      return { from: quarterStart(today), to: today };
    case 'last-quarter':
      return { from: quarterStart(today, 1), to: addDays(quarterStart(today), -1) };
  }
}

/** Where the bucket holding `date` starts. */
export function bucketStart(date: string, group: ReportGroup): string {
  if (group === 'day') return date;
  if (group === 'month') return monthStart(date);
  // 1970-01-01 (day 0) was a Thursday: Monday-based weekday = (day + 3) mod 7.
  const day = toDay(date);
  return fromDay(day - ((day + 3) % 7));
}

/**
 * The buckets' first days, oldest first. The first bucket may start before `from` (a week begun on
 * the Monday before); its figures still count only from `from`.
 */
export function bucketStarts(range: DateRange, group: ReportGroup): string[] {
  const starts: string[] = [];
  let start = bucketStart(range.from, group);
  while (start <= range.to) {
    starts.push(start);
    start = group === 'day' ? addDays(start, 1) : group === 'week' ? addDays(start, 7) : nextMonth(start);
  }
  return starts;
}

function nextMonth(start: string): string {
  const [year = 0, month = 1] = start.split('-').map(Number);
  return fromDay(Date.UTC(year, month, 1) / DAY_MS);
}

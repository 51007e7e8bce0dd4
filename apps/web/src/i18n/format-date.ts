/**
 * Dates and timestamps as the panel shows them everywhere (tables, profile, API keys). Timestamps are
 * shown in UTC and say so: the date filters select UTC days (`filter[created_at]=YYYY-MM-DD` is that
 * day in UTC), so a row filtered by a day shows that day, whatever the viewer's time zone. Anything
 * that cannot be parsed is shown as it came rather than hidden.
 */

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

function cached(cache: Map<string, Intl.DateTimeFormat>, locale: string, create: () => Intl.DateTimeFormat) {
  let format = cache.get(locale);
  if (!format) {
    format = create();
    cache.set(locale, format);
  }
  return format;
}

/** A timestamp in UTC with the zone named ("Jan 15, 2025, 10:30 AM UTC"). */
export function formatDateTime(value: unknown, locale: string): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return cached(
    dateTimeFormats,
    locale,
    // `dateStyle` cannot be combined with `timeZoneName`, so the parts are spelled out.
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        timeZone: 'UTC',
        timeZoneName: 'short',
      }),
  ).format(date);
}

/** A calendar date (`YYYY-MM-DD`): read and shown in UTC so it never slips to the day before. */
export function formatDate(value: unknown, locale: string): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return cached(
    dateFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date);
}

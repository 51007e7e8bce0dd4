/**
 * Dates and timestamps as the panel shows them everywhere (tables, profile, API keys), in the UI
 * language's numeric style whatever the browser's locale: uk-UA "23.11.2026 14:05", en-US
 * "11/23/2026, 2:05 PM". A timestamp is shown in the zone the administrator chose (UTC by default,
 * the zone of the date filters, see `time-zone.ts`) and names it. Anything that cannot be parsed is
 * shown as it came rather than hidden.
 */

export const UTC = 'UTC';

const formats = new Map<string, Intl.DateTimeFormat>();

function cached(key: string, create: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = formats.get(key);
  if (!format) {
    format = create();
    formats.set(key, format);
  }
  return format;
}

/** Ukrainian writes hours with two digits on a 24-hour clock; English on a 12-hour one. */
const hourStyle = (locale: string) => (locale.startsWith('en') ? 'numeric' : '2-digit');
/** Between the date and the time, as each language writes them. */
const separator = (locale: string) => (locale.startsWith('en') ? ', ' : ' ');

/**
 * Newer ICU data puts a narrow no-break space before AM/PM and some browsers do not; one plain
 * space makes the text the same in every engine (and in tests).
 */
const plainSpaces = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

function dayFormat(locale: string, timeZone: string) {
  return cached(
    `day|${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric', timeZone }),
  );
}

function parse(value: unknown): Date | null {
  const date = new Date(String(value));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The zone's short name in the language ("UTC", "GMT+2"). */
export function zoneName(date: Date, locale: string, timeZone: string): string {
  const parts = cached(
    `zone|${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' }),
  ).formatToParts(date);
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
}

/** A timestamp in `timeZone` (UTC unless given) with the zone named: "23.11.2026 14:05 UTC". */
export function formatDateTime(value: unknown, locale: string, timeZone: string = UTC): string {
  const date = parse(value);
  if (!date) return String(value);
  const time = cached(
    `time|${locale}|${timeZone}`,
    () => new Intl.DateTimeFormat(locale, { hour: hourStyle(locale), minute: '2-digit', timeZone }),
  );
  const text = `${dayFormat(locale, timeZone).format(date)}${separator(locale)}${time.format(date)}`;
  return plainSpaces(`${text} ${zoneName(date, locale, timeZone)}`);
}

/** A calendar date (`YYYY-MM-DD`): read and shown in UTC so it never slips to the day before. */
export function formatDate(value: unknown, locale: string): string {
  const date = parse(value);
  if (!date) return String(value);
  return dayFormat(locale, UTC).format(date);
}

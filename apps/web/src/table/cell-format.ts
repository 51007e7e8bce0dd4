/**
 * Formatting of cell values, apart from the view so it is testable without rendering. Anything that
 * cannot be parsed is shown as it came rather than hidden.
 */

export function isEmptyValue(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
}

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

/** A timestamp in the viewer's time zone. */
export function formatDateTime(value: unknown, locale: string): string {
  const date = new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return cached(
    dateTimeFormats,
    locale,
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
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

/** Compact JSON for one line; strings as they are. */
export function formatJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

export function toTags(value: unknown): string[] {
  if (Array.isArray(value)) return value.map((tag) => (typeof tag === 'string' ? tag : formatJson(tag)));
  return [String(value)];
}

export function toText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return formatJson(value);
  return String(value);
}

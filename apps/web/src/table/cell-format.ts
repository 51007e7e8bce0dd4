/**
 * Formatting of cell values, apart from the view so it is testable without rendering. Anything that
 * cannot be parsed is shown as it came rather than hidden. Dates are the i18n module's
 * (`i18n/format-date.ts`), as the rest of the panel shows them the same way.
 */

export function isEmptyValue(value: unknown): boolean {
  return (
    value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
  );
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

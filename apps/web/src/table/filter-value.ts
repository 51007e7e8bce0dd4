import { type FieldDescriptor, type MessageKey, parseCondition } from '@pult/contract';

/**
 * Checks a typed filter value with the same grammar the server applies, so the panel never sends a
 * value the server would refuse. Null when the value may be sent (an empty one clears the filter).
 */
export function filterValueError(field: FieldDescriptor, raw: string): MessageKey | null {
  const value = normalizeFilterValue(raw);
  if (value === '') return null;
  const condition = parseCondition(field, value);
  return typeof condition === 'string' ? condition : null;
}

/** What goes into the URL for a typed value; the server trims it the same way. */
export function normalizeFilterValue(raw: string): string {
  return raw.trim();
}

/** `from,to` of the range picker, or a single day; the bounds are put in order. */
export function dateRangeValue(from: string, to: string): string {
  const [start, end] = [from, to].filter((day) => day !== '').sort();
  if (start === undefined) return '';
  return end === undefined || end === start ? start : `${start},${end}`;
}

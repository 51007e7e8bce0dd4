import { errorsRangeSchema, type Locale, type MessageKey } from '@pult/contract';
import { inputToIso } from '../../../i18n/date-input';
import type { DayRange } from '../storage-api';

export type RangeCheck =
  | { ok: true; range: DayRange }
  /** `dayFormat`: the text is not a day in the UI language's form (23.11.2026, 11/23/2026). */
  | { ok: false; field: 'from' | 'to'; error: MessageKey | 'dayFormat' };

/** The days as typed in the UI language's form, read to ISO days and then checked by `checkRange`. */
export function checkTypedRange(from: string, to: string, locale: Locale): RangeCheck {
  const days = { from: from.trim(), to: to.trim() };
  for (const field of ['from', 'to'] as const) {
    if (days[field] === '') continue;
    const iso = inputToIso(days[field], locale);
    if (iso === null) return { ok: false, field, error: 'dayFormat' };
    days[field] = iso;
  }
  return checkRange(days.from, days.to);
}

/** Spec §5: deleting errors needs at least one date, from or to; the contract's rule decides. */
export function checkRange(from: string, to: string): RangeCheck {
  const range: DayRange = {};
  if (from !== '') range.from = from;
  if (to !== '') range.to = to;
  const parsed = errorsRangeSchema.safeParse(range);
  if (parsed.success) return { ok: true, range };
  const issue = parsed.error.issues[0];
  return {
    ok: false,
    field: issue?.path[0] === 'to' ? 'to' : 'from',
    error: (issue?.message ?? 'invalidValue') as MessageKey,
  };
}

import { errorsRangeSchema, type MessageKey } from '@pult/contract';
import type { DayRange } from '../storage-api';

export type RangeCheck =
  | { ok: true; range: DayRange }
  | { ok: false; field: 'from' | 'to'; error: MessageKey };

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

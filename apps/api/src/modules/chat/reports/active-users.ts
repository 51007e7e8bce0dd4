import { addDays } from '@pult/contract';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { ReportFrame } from '../../../reports/report-source.js';
import { boundsOf } from '../../../reports/rollup-sql.js';
import { activeSenders } from './active-senders.js';
import { presenceSenders, presenceTotal, readsAgainstUnit } from './presence-senders.js';

export interface ActiveUsers {
  /** Distinct senders per bucket. */
  values: number[];
  /** Distinct senders over the whole period (not the sum of the buckets). */
  total: number;
}

/**
 * Who posted, per bucket and over the period. Filtered by channel or type, the union of the presence
 * rows of those channels (active-senders.ts). Unfiltered, the channel-free presence
 * (presence-senders.ts): a week or month against its UTC unit, a day or a short first or last bucket
 * as the union of its rows, and the period's total from the yearly day bits.
 */
export async function activeUsers(
  db: Db,
  frame: ReportFrame,
  filtered: boolean,
  where: RawBuilder<unknown>,
): Promise<ActiveUsers> {
  const { tz, from, to, group } = frame.period;
  const bounds = boundsOf(frame);
  if (filtered) {
    const [values, [total = 0]] = await Promise.all([
      activeSenders(db, bounds, tz, where),
      activeSenders(db, [from, addDays(to, 1)], tz, where),
    ]);
    return { values, total };
  }
  const spans = bounds.slice(1).map((next, index) => [bounds[index] ?? next, next] as const);
  const whole = spans.filter(([first, next]) => readsAgainstUnit(group, first, next));
  const short = spans.filter(([first, next]) => !readsAgainstUnit(group, first, next));
  const [wholeValues, shortValues, total] = await Promise.all([
    whole.length ? presenceSenders(db, whole, tz, group) : [],
    Promise.all(short.map((span) => activeSenders(db, span, tz, where))),
    presenceTotal(db, from, addDays(to, 1), tz),
  ]);
  const found = new Map<string, number>([
    ...whole.map(([first], index) => [first, wholeValues[index] ?? 0] as const),
    ...short.map(([first], index) => [first, shortValues[index]?.[0] ?? 0] as const),
  ]);
  return { values: spans.map(([first]) => found.get(first) ?? 0), total };
}

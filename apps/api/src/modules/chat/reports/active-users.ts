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
 * (presence-senders.ts): a week or month against its UTC unit, days (all in one statement) or a short
 * first or last week or month as the union of their rows, and the period's total from the yearly day
 * bits.
 */
export async function activeUsers(
  db: Db,
  frame: ReportFrame,
  filtered: boolean,
  where: RawBuilder<unknown>,
): Promise<ActiveUsers> {
  const { tz, from, to, group } = frame.period;
  const bounds = boundsOf(frame);
  const total = filtered
    ? activeSenders(db, [from, addDays(to, 1)], tz, where).then(([overall = 0]) => overall)
    : presenceTotal(db, from, addDays(to, 1), tz);
  if (filtered || group === 'day') {
    const [values, overall] = await Promise.all([activeSenders(db, bounds, tz, where), total]);
    return { values, total: overall };
  }
  const spans = bounds.slice(1).map((next, index) => [bounds[index] ?? next, next] as const);
  const whole = spans.filter(([first, next]) => readsAgainstUnit(group, first, next));
  const short = spans.filter(([first, next]) => !readsAgainstUnit(group, first, next));
  const [wholeValues, shortValues, overall] = await Promise.all([
    whole.length ? presenceSenders(db, whole, tz, group) : [],
    // At most two: a period's first and last bucket.
    Promise.all(short.map((span) => activeSenders(db, span, tz, where))),
    total,
  ]);
  const found = new Map<string, number>([
    ...whole.map(([first], index) => [first, wholeValues[index] ?? 0] as const),
    ...short.map(([first], index) => [first, shortValues[index]?.[0] ?? 0] as const),
  ]);
  return { values: spans.map(([first]) => found.get(first) ?? 0), total: overall };
}

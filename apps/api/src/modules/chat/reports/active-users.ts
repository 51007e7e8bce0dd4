import { addDays } from '@pult/contract';
import type { RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { ReportFrame } from '../../../reports/report-source.js';
import { boundsOf } from '../../../reports/rollup-sql.js';
import { activeSenders } from './active-senders.js';
import { presenceSenders, presenceTotal } from './presence-senders.js';

export interface ActiveUsers {
  /** Distinct senders per bucket. */
  values: number[];
  /** Distinct senders over the whole period (not the sum of the buckets). */
  total: number;
}

/**
 * Who posted, per bucket and over the period. Filtered by channel or type, the union of the presence
 * rows of those channels (active-senders.ts). Unfiltered, the channel-free presence
 * (presence-senders.ts): each bucket against its UTC unit (all in one statement), the union only for
 * a first or last bucket it cannot read so, and the period's total from the yearly day bits.
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
  if (filtered) {
    const [values, overall] = await Promise.all([activeSenders(db, bounds, tz, where), total]);
    return { values, total: overall };
  }
  const spans = bounds.slice(1).map((next, index) => [bounds[index] ?? next, next] as const);
  const [read, overall] = await Promise.all([presenceSenders(db, spans, tz, group), total]);
  // At most two: a period's first and last bucket.
  const values = await Promise.all(
    read.map(
      async (value, index) => value ?? (await activeSenders(db, spans[index] ?? [], tz, where))[0] ?? 0,
    ),
  );
  return { values, total: overall };
}

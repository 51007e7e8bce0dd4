import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { withoutJit } from '../../../reports/rollup-sql.js';

/**
 * How many distinct users posted in each span between consecutive `bounds` (local midnights of `tz`,
 * as dates), from `report_chat_senders` (channel × sender per quarter hour) and its daily table.
 *
 * A distinct count cannot be added up, so the rows themselves are united: each span takes the whole
 * UTC days inside it from the daily table and the quarter hours outside them (at most a day at each
 * end) from the slot table, and counts the senders of the union once. Unlike the counts' edge
 * corrections nothing is subtracted: a day that reaches outside the span is read as slots instead.
 */
export async function activeSenders(
  db: Db,
  bounds: readonly string[],
  tz: string,
  where: RawBuilder<unknown>,
): Promise<number[]> {
  const statement = sql<{ i: number; n: number }>`
    with bounds as (
      select i::int as i, (d::date)::timestamp at time zone ${tz} as t
      from unnest(${bounds}::text[]) with ordinality as b (d, i)
    ), spans as (
      -- d1: the first UTC midnight at or after the span's start; d2: the last at or before its end.
      select i, lo, hi,
        case when lo = date_trunc('day', lo, 'UTC') then lo else date_trunc('day', lo, 'UTC') + interval '1 day' end as d1,
        date_trunc('day', hi, 'UTC') as d2
      from (select i, t as lo, lead(t) over (order by i) as hi from bounds) as b
      where hi is not null
    ), present as (
      select s.i, r.sender_uid from spans s join report_chat_senders_daily r
        on r.day >= (s.d1 at time zone 'UTC')::date and r.day < (s.d2 at time zone 'UTC')::date
      where r.n > 0 ${where}
      union
      select s.i, r.sender_uid from spans s join report_chat_senders r
        on r.slot >= s.lo and r.slot < least(s.d1, s.hi)
      where r.n > 0 ${where}
      union
      select s.i, r.sender_uid from spans s join report_chat_senders r
        on r.slot >= greatest(s.d1, s.d2) and r.slot < s.hi
      where r.n > 0 ${where}
    )
    select i, count(*)::int as n from present group by i`;
  const rows = await withoutJit(db, statement);
  const counts = bounds.slice(1).map(() => 0);
  for (const row of rows) counts[row.i - 1] = Number(row.n);
  return counts;
}

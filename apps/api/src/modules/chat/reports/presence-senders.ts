import { daysBetween, type ReportGroup } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { withoutJit } from '../../../reports/rollup-sql.js';

/**
 * The unfiltered Chat report's active users, from the channel-free presence (presence-migration.ts)
 * instead of a union of every presence row of the period (active-senders.ts), which for two years of
 * a busy chat is a million rows.
 *
 * A bucket (a local day, week or month) is read against the UTC unit of its grouping that holds its
 * middle, whose distinct count is kept: U's count, minus the senders of the part of U outside the
 * bucket (R) who posted nothing in the part both share, plus the senders of the part of the bucket
 * outside U (A) who posted nothing there either. Whether a sender posted in the shared part is their
 * messages in U less those in R, so only the edges' rows are read: at most 14 hours at each end of a
 * week or a month, from the quarter-hour table, and whole UTC days of a shorter one from the daily
 * rows.
 */

/**
 * Whether the bucket from `first` to the day before `next` is read against its unit, or as a union of
 * its own rows. A day is always a union: its edges are up to 14 of its 24 hours (11.5 in Kathmandu),
 * and a lookup of each edge sender's day cost more than reading the whole day's rows (measured:
 * 30 days by day in Kathmandu, 460 ms against the union's 63 ms). So is a first or last week or month
 * shorter than half its unit, which would read more edge than bucket.
 */
export function readsAgainstUnit(group: ReportGroup, first: string, next: string): boolean {
  const days = daysBetween({ from: first, to: next }) - 1;
  return group === 'week' ? days >= 4 : group === 'month' && days >= 15;
}

/** Active senders in each span, a span the local midnights of `tz` from its first day to the day after its last. */
export async function presenceSenders(
  db: Db,
  spans: readonly (readonly [string, string])[],
  tz: string,
  group: ReportGroup,
): Promise<number[]> {
  const statement = sql<{ i: number; n: number }>`
    with b as (
      select i::int as i, (f::date)::timestamp at time zone ${tz} as lo, (n::date)::timestamp at time zone ${tz} as hi
      from unnest(${spans.map(([first]) => first)}::text[], ${spans.map(([, next]) => next)}::text[])
        with ordinality as b (f, n, i)
    ), u as (
      select i, lo, hi, m::date as u_start, m at time zone 'UTC' as u_lo,
        (m + ${`1 ${group}`}::interval) at time zone 'UTC' as u_hi
      from (select i, lo, hi, date_trunc(${group}, (lo + (hi - lo) / 2) at time zone 'UTC') as m from b) as b
    ), spans as (
      select u.i, u.u_start, s.kind, s.x, s.y,
        case when s.x = date_trunc('day', s.x, 'UTC') then s.x else date_trunc('day', s.x, 'UTC') + interval '1 day' end as d1,
        date_trunc('day', s.y, 'UTC') as d2
      from u cross join lateral (
        values ('r', u.u_lo, u.lo), ('r', u.hi, u.u_hi), ('a', u.lo, u.u_lo), ('a', u.u_hi, u.hi)
      ) as s (kind, x, y)
      where s.x < s.y
    ), edges as (
      ${edgeRows()}
    ), senders as (
      select i, u_start, sender_uid, coalesce(sum(n) filter (where kind = 'r'), 0) as in_r,
        bool_or(kind = 'a') as in_a
      from edges group by 1, 2, 3
    ), moved as (
      select s.i, sum(case
        when coalesce(p.n, 0) - s.in_r > 0 then 0
        when s.in_a then case when s.in_r > 0 then 0 else 1 end
        else case when s.in_r > 0 then -1 else 0 end end) as delta
      from senders s
      -- One primary-key lookup per sender. The planner cannot see how few the edges hold (the spans
      -- come from the bounds) and, given the join, hashed every row of the unit's table instead:
      -- the limit keeps the lookup a lateral one.
      left join lateral (select n from report_chat_presence p
        where p.unit = ${group} and p.start = s.u_start and p.sender_uid = s.sender_uid limit 1) as p on true
      group by 1
    )
    select u.i, (coalesce(c.senders, 0) + coalesce(m.delta, 0))::int as n from u
    left join report_chat_presence_counts c on c.unit = ${group} and c.start = u.u_start
    left join moved m on m.i = u.i`;
  const rows = await withoutJit(db, statement);
  const counts = spans.map(() => 0);
  for (const row of rows) counts[row.i - 1] = Number(row.n);
  return counts;
}

/**
 * Each span's senders with their messages: the whole UTC days [d1, d2) inside it from the daily
 * presence, the quarter hours outside them from `report_chat_senders` (summed over channels later).
 */
function edgeRows(): RawBuilder<unknown> {
  return sql`
    select s.i, s.u_start, s.kind, r.sender_uid, r.n from spans s join report_chat_presence r
      on r.unit = 'day' and r.start >= (s.d1 at time zone 'UTC')::date and r.start < (s.d2 at time zone 'UTC')::date
    where s.d1 < s.d2 and r.n > 0
    union all
    select s.i, s.u_start, s.kind, r.sender_uid, r.n from spans s join report_chat_senders r
      on r.slot >= s.x and r.slot < case when s.d1 < s.d2 then s.d1 else s.y end
    where r.n > 0
    union all
    select s.i, s.u_start, s.kind, r.sender_uid, r.n from spans s join report_chat_senders r
      on r.slot >= s.d2 and r.slot < s.y
    where s.d1 < s.d2 and r.n > 0`;
}

/**
 * Distinct senders from `from` to the day before `next` (local midnights of `tz`): the whole UTC days
 * inside from each sender's yearly bits (a row per sender and year, whatever the period's rows), the
 * quarter hours at the ends from `report_chat_senders`.
 */
export async function presenceTotal(db: Db, from: string, next: string, tz: string): Promise<number> {
  const statement = sql<{ n: number }>`
    with p as (
      select lo, hi,
        case when lo = date_trunc('day', lo, 'UTC') then lo else date_trunc('day', lo, 'UTC') + interval '1 day' end as d1,
        date_trunc('day', hi, 'UTC') as d2
      from (select (${from}::date)::timestamp at time zone ${tz} as lo,
        (${next}::date)::timestamp at time zone ${tz} as hi) as p
    ), days as (
      select (d1 at time zone 'UTC')::date as a, (d2 at time zone 'UTC')::date as b from p where d1 < d2
    )
    select count(*)::int as n from (
      -- The days [a, b) within each year they touch, as that year's bits from its day a (from 1).
      select y.sender_uid from days
      join report_chat_presence_years y
        on y.year between extract(year from days.a)::int and extract(year from days.b - 1)::int
      cross join lateral (
        select greatest(days.a, make_date(y.year, 1, 1)) as first,
          least(days.b, make_date(y.year + 1, 1, 1)) as past
      ) as part
      where bit_count(substring(y.days from part.first - make_date(y.year, 1, 1) + 1 for part.past - part.first)) > 0
      union
      select r.sender_uid from p join report_chat_senders r
        on r.slot >= p.lo and r.slot < case when p.d1 < p.d2 then p.d1 else p.hi end
      where r.n > 0
      union
      select r.sender_uid from p join report_chat_senders r on r.slot >= p.d2 and r.slot < p.hi
      where p.d1 < p.d2 and r.n > 0
    ) as present`;
  const [row] = await withoutJit(db, statement);
  return Number(row?.n ?? 0);
}

import type { ReportGroup } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { withoutJit } from '../../../reports/rollup-sql.js';

/**
 * The unfiltered Chat report's active users, from the channel-free presence (presence-migration.ts)
 * instead of a union of every presence row of the period (active-senders.ts), which for two years of
 * a busy chat is a million rows.
 *
 * A bucket [lo, hi) (a local day, week or month) is read against the UTC unit U of its grouping that
 * holds its middle, whose distinct count is kept. A zone east of UTC starts it before U's start and
 * ends it inside U; its senders are those of U whose first message in U is before hi, and those of
 * the unit before U whose last message there is at or after lo, less the ones in both (a row of U
 * whose last message before U is at or after lo). West of UTC it is the mirror image: U's senders
 * whose last message is at or after lo, and the next unit's whose first is before hi, less those whose
 * last message before it is at or after lo. Each term is a short index range of the kept edge times,
 * near an edge of a unit; the bucket's own rows are never read.
 */

/**
 * Active senders in each span, a span the local midnights of `tz` from its first day to the day after
 * its last; null for a span inside its unit at both ends (a first or last bucket of a period cut short
 * in a zone west of UTC, or east of it at its end), which has no edge to read against.
 */
export async function presenceSenders(
  db: Db,
  spans: readonly (readonly [string, string])[],
  tz: string,
  group: ReportGroup,
): Promise<(number | null)[]> {
  const count = (start: RawBuilder<unknown>, condition: RawBuilder<unknown>) =>
    sql`(select count(*) from report_chat_presence p where p.unit = ${group} and p.start = ${start} and ${condition})`;
  const statement = sql<{ i: number; n: number | null }>`
    with b as (
      select i::int as i, (f::date)::timestamp at time zone ${tz} as lo, (n::date)::timestamp at time zone ${tz} as hi
      from unnest(${spans.map(([first]) => first)}::text[], ${spans.map(([, next]) => next)}::text[])
        with ordinality as b (f, n, i)
    ), u as (
      select i, lo, hi, m::date as u_start, (m - ${`1 ${group}`}::interval)::date as u_before,
        (m + ${`1 ${group}`}::interval)::date as u_after, m at time zone 'UTC' as u_lo,
        (m + ${`1 ${group}`}::interval) at time zone 'UTC' as u_hi
      from (select i, lo, hi, date_trunc(${group}, (lo + (hi - lo) / 2) at time zone 'UTC') as m from b) as b
    )
    select u.i, (case
      when u.lo <= u.u_lo and u.hi <= u.u_hi then coalesce(c.senders, 0)
        - ${count(sql`u.u_start`, sql`p.first_at >= u.hi`)}
        + ${count(sql`u.u_before`, sql`p.last_at >= u.lo`)}
        - ${count(sql`u.u_start`, sql`p.prev_at >= u.lo and p.first_at < u.hi`)}
      when u.lo >= u.u_lo and u.hi >= u.u_hi then coalesce(c.senders, 0)
        - ${count(sql`u.u_start`, sql`p.last_at < u.lo`)}
        + ${count(sql`u.u_after`, sql`p.first_at < u.hi`)}
        - ${count(sql`u.u_after`, sql`p.first_at < u.hi and p.prev_at >= u.lo`)}
      end)::int as n
    from u left join report_chat_presence_counts c on c.unit = ${group} and c.start = u.u_start`;
  const rows = await withoutJit(db, statement);
  const counts: (number | null)[] = spans.map(() => null);
  for (const row of rows) counts[row.i - 1] = row.n === null ? null : Number(row.n);
  return counts;
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

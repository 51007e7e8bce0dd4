import { addDays, type ReportSeries } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ReportFrame } from './report-source.js';

/**
 * A report's figures per bucket from three rollups: `<rollup>` per quarter hour (`slot`, from
 * `report_slot`), `<rollup>_daily` per UTC day (`day`) and `<rollup>_monthly` per UTC month (`month`,
 * its first day). Every zone in use today is offset from UTC by a multiple of 15 minutes, so each
 * bucket's bounds (local midnights) fall on slot bounds.
 *
 * Each bound t is paired with its nearest UTC midnight c (never more than 12 hours away). A bucket
 * [t₁, t₂) counts the whole UTC days [c₁, c₂) — the whole UTC months among them from the monthly
 * rollup, the other days from the daily one — then moves each edge from c to t with the slots between
 * them: minus [c₁, t₁) or plus [t₁, c₁), and likewise at t₂. So a report reads a row per group for each
 * whole month and for each other day, and at most 48 slots per bound, never every slot or day of the
 * period (docs/architecture.md, "Reports").
 */
export interface RollupQuery {
  /** The quarter-hour rollup's name (the others are `<name>_daily`, `<name>_monthly`); a constant of the code. */
  rollup: string;
  /** The series' key: an expression over the rollups' shared columns. */
  key: RawBuilder<string>;
  /** Further conditions on those columns, each starting with `and`. */
  where: RawBuilder<unknown>;
}

export interface BucketRow {
  bucket: string;
  key: string;
  n: number | string;
}

/** The local midnights bounding the buckets: the period's start, each later bucket's start, the day after its end. */
export function boundsOf(frame: ReportFrame): string[] {
  return [frame.period.from, ...frame.buckets.slice(1), addDays(frame.period.to, 1)];
}

export async function bucketCounts(db: Db, frame: ReportFrame, query: RollupQuery): Promise<BucketRow[]> {
  const rows = await withoutJit(db, spanCounts(boundsOf(frame), frame.period.tz, query));
  return rows.map((row) => ({ bucket: frame.buckets[row.bucket - 1] ?? '', key: row.key, n: row.n }));
}

/**
 * The counts per key in each span between consecutive `bounds` (local midnights of `tz`, as dates):
 * rows of (bucket, key, n), `bucket` the span's number from 1. Exact sums, so a key with `n` 0 had no
 * counted row in the span.
 */
function spanCounts(
  bounds: readonly string[],
  tz: string,
  query: RollupQuery,
): RawBuilder<{ bucket: number; key: string; n: string }> {
  const { key, where } = query;
  return sql<{ bucket: number; key: string; n: string }>`
    with bounds as (
      select i, t, least(cut, t) as lo, greatest(cut, t) as hi, case when cut <= t then -1 else 1 end as sign,
        (cut at time zone 'UTC')::date as cut_day, lead((cut at time zone 'UTC')::date) over (order by i) as next_day
      from (
        select i, t, case when t - date_trunc('day', t, 'UTC') <= interval '12 hours' then date_trunc('day', t, 'UTC')
          else date_trunc('day', t, 'UTC') + interval '1 day' end as cut
        from (select i::int as i, (d::date)::timestamp at time zone ${tz} as t
          from unnest(${bounds}::text[]) with ordinality as b (d, i)) as b
      ) as b
    ), spans as (
      -- The whole UTC months [m1, m2) in the bucket's UTC days [cut_day, next_day), read from the monthly
      -- rollup, and the days outside them, [cut_day, lo_end) and [hi_start, next_day), from the daily one.
      select i, cut_day, next_day, m1, m2, case when m1 < m2 then m1 else next_day end as lo_end,
        case when m1 < m2 then m2 else next_day end as hi_start
      from (
        select i, cut_day, next_day,
          (date_trunc('month', (cut_day - 1)::timestamp) + interval '1 month')::date as m1,
          date_trunc('month', next_day::timestamp)::date as m2
        from bounds where next_day is not null
      ) as s
    ), edges as (
      -- The slots between each bound and its midnight, summed per key: [cut, t) when the bound is after
      -- its midnight (sign -1: the bucket it starts loses them), [t, cut) when before it (sign +1).
      select b.i, b.sign, e.key, e.n from bounds b
      cross join lateral (
        select ${key} as key, sum(n) as n from ${sql.table(query.rollup)}
        where slot >= b.lo and slot < b.hi ${where} group by 1
      ) as e
    ), cells as (
      select s.i as bucket, ${key} as key, r.n from spans s
      join ${sql.table(`${query.rollup}_monthly`)} r on r.month >= s.m1 and r.month < s.m2
      where true ${where}
      union all select s.i, ${key}, r.n from spans s
      join ${sql.table(`${query.rollup}_daily`)} r on r.day >= s.cut_day and r.day < s.lo_end
      where true ${where}
      union all select s.i, ${key}, r.n from spans s
      join ${sql.table(`${query.rollup}_daily`)} r on r.day >= s.hi_start and r.day < s.next_day
      where true ${where}
      union all select i, key, sign * n from edges
      union all select i - 1, key, -sign * n from edges
    )
    select bucket, key, sum(n) as n from cells where bucket between 1 and ${bounds.length - 1}
    group by 1, 2`;
}

/** The rows of a statement over the rollups, planned without JIT. */
export async function withoutJit<Row>(db: Db, statement: RawBuilder<Row>): Promise<Row[]> {
  return db.transaction().execute(async (trx) => {
    // The planner cannot know the slot ranges (they come from the bounds) and guesses a tenth of the
    // rollup per bound; on PostgreSQL that cost switched JIT on, 20–80 ms of compiling for a 5 ms query.
    await sql`set local jit = off`.execute(trx);
    return (await statement.execute(trx)).rows;
  });
}

/**
 * Rows of (bucket, key, n) as series in the buckets' order: one per key of `keys` (zeros where no row
 * came) followed by any other key the rows hold, in the order of their totals.
 */
export function toSeries(
  rows: readonly BucketRow[],
  buckets: readonly string[],
  keys: readonly string[] = [],
  labels: ReadonlyMap<string, string> = new Map(),
): ReportSeries[] {
  const position = new Map(buckets.map((bucket, index) => [bucket, index]));
  const values = new Map<string, number[]>(keys.map((key) => [key, buckets.map(() => 0)]));
  for (const row of rows) {
    const index = position.get(row.bucket);
    if (index === undefined) continue;
    const series = values.get(row.key) ?? buckets.map(() => 0);
    series[index] = (series[index] ?? 0) + Number(row.n);
    values.set(row.key, series);
  }
  const all = [...values].map(([key, series]) => ({
    key,
    label: labels.get(key) ?? null,
    values: series,
    total: series.reduce((sum, value) => sum + value, 0),
  }));
  const fixed = all.filter((series) => keys.includes(series.key));
  // Keys that net to zero everywhere (an edge correction of a group with nothing left) are left out.
  const others = all
    .filter((series) => !keys.includes(series.key) && series.values.some((value) => value !== 0))
    .sort((a, b) => b.total - a.total);
  return [...fixed, ...others];
}

import { addDays, type ReportSeries } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { ReportFrame } from './report-source.js';

/**
 * A report's figures per bucket from a pair of rollups: `<rollup>` per quarter hour (`slot`, from
 * `report_slot`) and `<rollup>_daily` per UTC day (`day`). Every zone in use today is offset from UTC
 * by a multiple of 15 minutes, so each bucket's bounds (local midnights) fall on slot bounds.
 *
 * Each bound t is paired with its nearest UTC midnight c (never more than 12 hours away). A bucket
 * [t₁, t₂) counts the whole UTC days [c₁, c₂) from the daily rollup, then moves each edge from c to t
 * with the slots between them: minus [c₁, t₁) or plus [t₁, c₁), and likewise at t₂. So a report reads
 * its days' daily rows and at most 48 slots per bound, never every slot of the period
 * (docs/architecture.md, "Reports").
 */
export interface RollupQuery {
  /** The quarter-hour rollup's name (the daily one is `<name>_daily`); a constant of the code. */
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
  const { key, where } = query;
  const statement = sql<{ bucket: number; key: string; n: string }>`
    with bounds as (
      select i, t, least(cut, t) as lo, greatest(cut, t) as hi, case when cut <= t then -1 else 1 end as sign,
        (cut at time zone 'UTC')::date as cut_day, lead((cut at time zone 'UTC')::date) over (order by i) as next_day
      from (
        select i, t, case when t - date_trunc('day', t, 'UTC') <= interval '12 hours' then date_trunc('day', t, 'UTC')
          else date_trunc('day', t, 'UTC') + interval '1 day' end as cut
        from (select i::int as i, (d::date)::timestamp at time zone ${frame.period.tz} as t
          from unnest(${boundsOf(frame)}::text[]) with ordinality as b (d, i)) as b
      ) as b
    ), edges as (
      -- The slots between each bound and its midnight, summed per key: [cut, t) when the bound is after
      -- its midnight (sign -1: the bucket it starts loses them), [t, cut) when before it (sign +1).
      select b.i, b.sign, e.key, e.n from bounds b
      cross join lateral (
        select ${key} as key, sum(n) as n from ${sql.table(query.rollup)}
        where slot >= b.lo and slot < b.hi ${where} group by 1
      ) as e
    ), cells as (
      select b.i as bucket, ${key} as key, r.n from bounds b
      join ${sql.table(`${query.rollup}_daily`)} r on r.day >= b.cut_day and r.day < b.next_day
      where true ${where}
      union all select i, key, sign * n from edges
      union all select i - 1, key, -sign * n from edges
    )
    select bucket, key, sum(n) as n from cells where bucket between 1 and ${frame.buckets.length}
    group by 1, 2`;
  const rows = await db.transaction().execute(async (trx) => {
    // The planner cannot know the slot ranges (they come from the bounds) and guesses a tenth of the
    // rollup per bound; on PostgreSQL that cost switched JIT on, 20–80 ms of compiling for a 5 ms query.
    await sql`set local jit = off`.execute(trx);
    return (await statement.execute(trx)).rows;
  });
  return rows.map((row) => ({ bucket: frame.buckets[row.bucket - 1] ?? '', key: row.key, n: row.n }));
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

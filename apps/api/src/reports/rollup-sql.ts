import type { ReportPeriod, ReportSeries } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';

/**
 * SQL over a rollup keyed by `slot` (the quarter hour of `report_slot`). Every zone in use today is
 * offset from UTC by a multiple of 15 minutes, so a slot never straddles a local midnight: a day, a
 * week or a month of any zone is an exact set of slots, DST changes included.
 */

/** The slots of the period: from its first local midnight up to the midnight after its last day. */
export function inPeriod(period: ReportPeriod): RawBuilder<unknown> {
  return sql`slot >= (${period.from}::date)::timestamp at time zone ${period.tz}
    and slot < (${period.to}::date + 1)::timestamp at time zone ${period.tz}`;
}

/** The first day of the bucket a slot falls in, in the period's zone (`date_trunc` weeks start Monday). */
export function bucketOf(period: ReportPeriod): RawBuilder<string> {
  return sql<string>`to_char(date_trunc(${period.group}, slot at time zone ${period.tz}), 'YYYY-MM-DD')`;
}

export interface BucketRow {
  bucket: string;
  key: string;
  n: number | string;
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
  const others = all.filter((series) => !keys.includes(series.key)).sort((a, b) => b.total - a.total);
  return [...fixed, ...others];
}

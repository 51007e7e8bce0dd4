import type { Condition, SortTerm } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import { prepared } from '../db/prepared-statements.js';
import type { SetFilter } from './countable-scope.js';

/**
 * A listed table whose rows `list_day_counts` counts per UTC day of one timestamp field and per value
 * of one other (its triggers come from `trackDayCounts` in the table's migration).
 */
export interface DayCounts {
  /** The table's name in `list_day_counts`. */
  table: string;
  /** The descriptor field of the counted day column (a timestamp with time zone). */
  dayField: string;
  /** The descriptor field counted per value (a status, a level); absent when counted per day only. */
  bucketField?: string;
}

/** What a list's conditions ask of the counters: a range of days and a set of buckets, either optional. */
export interface DayCountFilter {
  from?: string;
  to?: string;
  /** The bucket values counted (as the counters hold them, `::text`); absent for all of them. */
  buckets?: readonly string[];
}

/**
 * The conditions and a countable row scope's set filters as a filter on the counters, or undefined
 * when one of them is not something they count (a text filter, another field, a field with its own
 * `where` hook). A bucket filter and a scope's set on the bucket both hold: the buckets both admit.
 */
export function dayCountFilter(
  counts: DayCounts,
  conditions: Condition[],
  sets: readonly SetFilter[],
  isPlainComparison: (field: string) => boolean,
): DayCountFilter | undefined {
  const filter: DayCountFilter = {};
  const admit = (values: readonly unknown[]) => {
    const printed = values.map(String);
    filter.buckets = filter.buckets ? filter.buckets.filter((bucket) => printed.includes(bucket)) : printed;
  };
  for (const set of sets) {
    if (set.field !== counts.bucketField) return undefined;
    admit(set.values);
  }
  for (const condition of conditions) {
    if (!isPlainComparison(condition.field)) return undefined;
    if (condition.field === counts.dayField && condition.type === 'date') {
      filter.from = condition.from;
      filter.to = condition.to;
    } else if (
      condition.field === counts.bucketField &&
      (condition.type === 'select' || condition.type === 'number')
    ) {
      admit([condition.value]);
    } else {
      return undefined;
    }
  }
  return filter;
}

function countersWhere(counts: DayCounts, filter: DayCountFilter): RawBuilder<unknown> {
  const parts = [sql`table_name = ${counts.table}`];
  if (filter.from !== undefined && filter.to !== undefined)
    parts.push(sql`day between ${filter.from}::date and ${filter.to}::date`);
  // One form for one bucket or several, so each statement keeps a single prepared plan.
  if (filter.buckets !== undefined) parts.push(sql`bucket = any(${filter.buckets}::text[])`);
  return sql`where ${sql.join(parts, sql` and `)}`;
}

/** `and` the filter's buckets, in one form for one bucket or several (one prepared plan each). */
function bucketsAnd(filter: DayCountFilter): RawBuilder<unknown> {
  return filter.buckets !== undefined ? sql`and bucket = any(${filter.buckets}::text[])` : sql``;
}

/**
 * The exact number of rows the filter matches: its whole UTC months from the month counters, the days
 * before the first and after the last whole month from the day counters (at most about 60 days'
 * rows, where a sum over every day of a long range read thousands).
 */
export async function dayCountTotal(
  executor: Executor,
  counts: DayCounts,
  filter: DayCountFilter,
): Promise<number> {
  const buckets = bucketsAnd(filter);
  if (filter.from === undefined || filter.to === undefined) {
    const { rows } = await prepared(sql<{ total: number | string | null }>`
      select sum(n)::bigint as total from list_month_counts where table_name = ${counts.table} ${buckets}`).execute(
      executor,
    );
    return Number(rows[0]?.total ?? 0);
  }
  // m1: the first month that starts on or after `from`; m2: the first that ends after `to`.
  const { rows } = await prepared(sql<{ total: number | string | null }>`
    with span as (
      select (date_trunc('month', (${filter.from}::date - 1)::timestamp) + interval '1 month')::date as m1,
        date_trunc('month', (${filter.to}::date + 1)::timestamp)::date as m2
    )
    select ((select coalesce(sum(n), 0) from list_month_counts, span
        where table_name = ${counts.table} and month >= m1 and month < m2 ${buckets})
      + (select coalesce(sum(n), 0) from list_day_counts, span
        where table_name = ${counts.table} and day between ${filter.from}::date and ${filter.to}::date
          and (day < m1 or day >= m2) ${buckets}))::bigint as total`).execute(executor);
  return Number(rows[0]?.total ?? 0);
}

/** Where a page of the date sort starts: its day, and how many matches come before that day. */
export interface DaySeek {
  day: string;
  before: number;
}

/**
 * The day holding the match at `offset` (0-based) in the date sort's direction, so the page can be
 * found within that day instead of by skipping every match before it. Undefined past the last match.
 * Grouped in the window's order, the days stream from the counters' index and the walk stops at the
 * page's day: 0.4 ms at offset 300,000 of a million, where hashing every day and sorting took 1.5 ms.
 * The outer query keeps the subquery's order (a filter and a limit do not reorder); an ORDER BY of
 * its own there made the kept generic plan hash and sort every day again.
 */
export async function seekDay(
  executor: Executor,
  counts: DayCounts,
  filter: DayCountFilter,
  direction: SortTerm['direction'],
  offset: number,
): Promise<DaySeek | undefined> {
  const order = direction === 'desc' ? sql`desc` : sql`asc`;
  if (filter.from === undefined || filter.to === undefined)
    return seekMonthThenDay(executor, counts, filter, order, offset);
  const { rows } = await prepared(sql<{ day: string; before: number | string }>`
    select day::text as day, (running - n)::bigint as before from (
      select day, sum(n) as n, sum(sum(n)) over (order by day ${order}) as running
      from list_day_counts ${countersWhere(counts, filter)} group by day order by day ${order}
    ) as days
    where running > ${offset} limit 1`).execute(executor);
  const row = rows[0];
  return row ? { day: row.day, before: Number(row.before) } : undefined;
}

/**
 * Without a day range, the walk goes by months first and then by the days of the page's month: at
 * offset 500,000 of a million users it reads 30 month rows and a month's days (0.3 ms) instead of
 * 3,500 day rows (1.2 ms). The same walk as above, twice, the second from the month's first match.
 */
async function seekMonthThenDay(
  executor: Executor,
  counts: DayCounts,
  filter: DayCountFilter,
  order: RawBuilder<unknown>,
  offset: number,
): Promise<DaySeek | undefined> {
  const buckets = bucketsAnd(filter);
  const { rows } = await prepared(sql<{ day: string; before: number | string }>`
    with month as (
      select month, (running - n)::bigint as before from (
        select month, sum(n) as n, sum(sum(n)) over (order by month ${order}) as running
        from list_month_counts where table_name = ${counts.table} ${buckets}
        group by month order by month ${order}
      ) as months
      where running > ${offset} limit 1
    )
    select day::text as day, (month.before + running - n)::bigint as before from month, lateral (
      select day, n, running from (
        select day, sum(n) as n, sum(sum(n)) over (order by day ${order}) as running
        from list_day_counts where table_name = ${counts.table} ${buckets}
          and day >= month.month and day < (month.month + interval '1 month')::date
        group by day order by day ${order}
      ) as days
      where month.before + running > ${offset} limit 1
    ) as found`).execute(executor);
  const row = rows[0];
  return row ? { day: row.day, before: Number(row.before) } : undefined;
}

/** The page's bound on the day column: nothing after its day (descending) or before it (ascending). */
export function dayBoundary(
  column: RawBuilder<unknown>,
  direction: SortTerm['direction'],
  day: string,
): RawBuilder<unknown> {
  return direction === 'desc'
    ? sql`${column} < (${day}::date + 1)::timestamp at time zone 'UTC'`
    : sql`${column} >= (${day}::date)::timestamp at time zone 'UTC'`;
}

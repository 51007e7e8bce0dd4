import { DASHBOARD_DAYS } from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** The last `count` UTC days ending with the clock's day, oldest first, as `YYYY-MM-DD`. */
export function lastDays(now: Date, count = DASHBOARD_DAYS): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, index) =>
    new Date(today - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/**
 * Where a table's daily counts live: the dashboard's `rollup_counts`, or the lists engine's
 * `list_day_counts` (its "bucket" is the dimension) when the lists already count that table the way a
 * card needs, so no table pays for two sets of counters.
 */
export type CounterStore = 'rollup_counts' | 'list_day_counts';

function counterTable(store: CounterStore) {
  return store === 'rollup_counts'
    ? { table: sql.table('rollup_counts'), dimension: sql.ref('dimension') }
    : { table: sql.table('list_day_counts'), dimension: sql.ref('bucket') };
}

/**
 * Rows per dimension over all time: a few hundred counter rows, not the table; the lists' month
 * counters where they hold the table (a row per month and bucket instead of one per day).
 */
export async function rollupTotals(
  db: Db,
  table: string,
  store: CounterStore = 'rollup_counts',
): Promise<Map<string, number>> {
  const counters = counterTable(store);
  const source = store === 'list_day_counts' ? sql.table('list_month_counts') : counters.table;
  const { rows } = await sql<{ dimension: string; n: string | number }>`
    select ${counters.dimension} as dimension, sum(n) as n from ${source}
    where table_name = ${table} group by 1`.execute(db);
  return new Map(rows.map((row) => [row.dimension, Number(row.n)]));
}

/**
 * Rows per day of `days` for each dimension asked for (or summed over every dimension under the key
 * `''` when `dimensions` is undefined).
 */
export async function rollupDaily(
  db: Db,
  table: string,
  days: readonly string[],
  dimensions?: readonly string[],
  store: CounterStore = 'rollup_counts',
): Promise<Map<string, number[]>> {
  const counters = counterTable(store);
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return new Map();
  const key = dimensions ? counters.dimension : sql`''`;
  const { rows } = await sql<{ dimension: string; day: string; n: string | number }>`
    select ${key} as dimension, to_char(day, 'YYYY-MM-DD') as day, sum(n) as n from ${counters.table}
    where table_name = ${table} and day between ${first}::date and ${last}::date
    ${dimensions ? sql`and ${counters.dimension} in (${sql.join([...dimensions])})` : sql``}
    group by 1, 2`.execute(db);
  const index = new Map(days.map((day, position) => [day, position]));
  const series = new Map<string, number[]>((dimensions ?? ['']).map((name) => [name, days.map(() => 0)]));
  for (const row of rows) {
    const position = index.get(row.day);
    const values = series.get(row.dimension);
    if (position !== undefined && values) values[position] = Number(row.n);
  }
  return series;
}

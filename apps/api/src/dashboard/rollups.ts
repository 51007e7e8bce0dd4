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

/** Rows per dimension over all time (a few hundred rollup rows, not the table). */
export async function rollupTotals(db: Db, table: string): Promise<Map<string, number>> {
  const { rows } = await sql<{ dimension: string; n: string | number }>`
    select dimension, sum(n) as n from rollup_counts where table_name = ${table} group by dimension`.execute(
    db,
  );
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
): Promise<Map<string, number[]>> {
  const first = days[0];
  const last = days[days.length - 1];
  if (first === undefined || last === undefined) return new Map();
  const key = dimensions ? sql`dimension` : sql`''`;
  const { rows } = await sql<{ dimension: string; day: string; n: string | number }>`
    select ${key} as dimension, to_char(day, 'YYYY-MM-DD') as day, sum(n) as n from rollup_counts
    where table_name = ${table} and day between ${first}::date and ${last}::date
    ${dimensions ? sql`and dimension in (${sql.join([...dimensions])})` : sql``}
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

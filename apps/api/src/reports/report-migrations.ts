import { type Kysely, sql } from 'kysely';
import {
  defineSlotCountFunctions,
  type SlotCounts,
  trackMonthlySums,
  trackSlotCounts,
} from './rollup-triggers.js';

/**
 * `report_slot(t)`: the quarter hour `t` falls in. Rollups for reports are kept per slot, not per UTC
 * day, so a report can be cut at the midnights of any time zone (docs/architecture.md, "Reports").
 * Each module's report migration calls this; `create or replace` lets them run in any order.
 */
export async function createReportSlotFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function report_slot(t timestamptz) returns timestamptz
    language sql immutable parallel safe
    as $$ select date_bin('15 minutes', t, timestamptz '2000-01-01 00:00:00+00') $$`.execute(db);
}

/** A daily rollup beside a quarter-hour one, filled from it (the same counts, summed per UTC day). */
export async function dailyRollupBeside(db: Kysely<unknown>, rollup: string, columns: string): Promise<void> {
  const daily = sql.table(`${rollup}_daily`);
  await sql`create table ${daily} (like ${sql.table(rollup)})`.execute(db);
  await sql`alter table ${daily} drop column slot`.execute(db);
  await sql`alter table ${daily} add column day date not null`.execute(db);
  await sql`alter table ${daily} add primary key (day, ${sql.raw(columns)})`.execute(db);
  await sql`insert into ${daily} (day, ${sql.raw(columns)}, n)
    select (slot at time zone 'UTC')::date, ${sql.raw(columns)}, sum(n) from ${sql.table(rollup)}
    group by 1, ${sql.raw(columns)} having sum(n) <> 0 order by 1`.execute(db);
}

/**
 * A monthly rollup beside a daily one (`month`: the first day of a UTC month), its triggers on the
 * daily table, then its backfill from it (the triggers first: they lock the daily table until the
 * migration commits, so no write slips between the two).
 */
export async function monthlyRollupBeside(
  db: Kysely<unknown>,
  rollup: string,
  columns: readonly string[],
): Promise<void> {
  const [daily, monthly] = [sql.table(`${rollup}_daily`), sql.table(`${rollup}_monthly`)];
  const names = sql.raw(columns.join(', '));
  await sql`create table ${monthly} (like ${daily})`.execute(db);
  await sql`alter table ${monthly} drop column day`.execute(db);
  await sql`alter table ${monthly} add column month date not null`.execute(db);
  await sql`alter table ${monthly} add primary key (month, ${names})`.execute(db);
  await trackMonthlySums(db, rollup, columns);
  await sql`insert into ${monthly} (month, ${names}, n)
    select date_trunc('month', day::timestamp)::date, ${names}, sum(n) from ${daily}
    group by 1, ${names} having sum(n) <> 0 order by 1`.execute(db);
}

/*
 * Backfills write in time order (`order by 1`): a report reads a range of slots or days, and rows that
 * arrive later do so in time order too, so a range's rows share pages. Unordered, a bucket's edge
 * slots were a page each (docs/performance.md, "Reports": 18 ms a bound instead of 0.6).
 */

/**
 * A pair of rollups counting `counts.table` (docs/architecture.md, "Reports"): the quarter-hour table
 * with `columns` (name → SQL type, in `counts.columns`' order), its triggers, the backfill from the
 * rows already there, then the daily table beside it and the triggers' functions writing both. The
 * triggers come before the backfill: creating them locks the table until the migration commits.
 * Reports read a monthly table too: a rollup created after migration …-1000 adds it with
 * `monthlyRollupBeside`.
 */
export async function createSlotRollup(
  db: Kysely<unknown>,
  counts: SlotCounts,
  columns: Readonly<Record<string, string>>,
): Promise<void> {
  await createReportSlotFunction(db);
  const names = counts.columns.join(', ');
  const definitions = counts.columns.map((column) => `${column} ${columns[column]} not null`).join(', ');
  await sql`create table ${sql.table(counts.rollup)} (slot timestamptz not null, ${sql.raw(definitions)},
    n bigint not null, primary key (slot, ${sql.raw(names)}))`.execute(db);
  await trackSlotCounts(db, counts);
  const groups = sql.raw(counts.columns.map((_, index) => String(index + 2)).join(', '));
  await sql`insert into ${sql.table(counts.rollup)} (slot, ${sql.raw(names)}, n)
    select ${counts.values}, sum(${counts.weight ?? sql`1`}) from ${sql.table(counts.table)}
    where ${counts.where ?? sql`true`} group by 1, ${groups} having sum(${counts.weight ?? sql`1`}) <> 0
    order by 1`.execute(db);
  await dailyRollupBeside(db, counts.rollup, names);
  await defineSlotCountFunctions(db, { ...counts, daily: `${counts.rollup}_daily` });
  // Every report reads whole months from a monthly table (`bucketCounts`): a rollup made after the
  // migration that added them to the existing ones gets its own here.
  await monthlyRollupBeside(db, counts.rollup, counts.columns);
}

import { type Kysely, sql } from 'kysely';

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
    group by 1, ${sql.raw(columns)} having sum(n) <> 0`.execute(db);
}

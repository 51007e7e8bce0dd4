import { type Kysely, sql } from 'kysely';

/**
 * Daily rollups for the dashboard: `rollup_counts` holds, per table, how many rows there are for each
 * (dimension, UTC day) — the dimension is a column such as `status`, the day that of a timestamp
 * column such as `created_at`. Statement-level triggers keep it exact on every insert, update and
 * delete (like `row_counts`), so a figure is a sum over a few hundred small rows instead of a
 * `count(*)` over millions. An update that moves no row between groups (an attempt counter, say)
 * writes nothing: each statement's old and new rows are netted first.
 */
export async function createRollupTable(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rollup_counts (
      table_name text not null,
      dimension text not null,
      day date not null,
      n bigint not null,
      primary key (table_name, dimension, day)
    )`.execute(db);
  // tg_argv: [0] the dimension column ('' for none), [1] the timestamp column whose UTC day counts.
  await sql`
    create function rollup_counts_track() returns trigger language plpgsql as $$
    declare
      dimension text := case when tg_argv[0] = '' then '''''' else format('coalesce(%I::text, '''')', tg_argv[0]) end;
      day text := format('(%I at time zone ''UTC'')::date', tg_argv[1]);
      changes text;
    begin
      if tg_op = 'INSERT' then
        changes := format('select %s as k, %s as d, 1 as delta from new_rows', dimension, day);
      elsif tg_op = 'DELETE' then
        changes := format('select %s as k, %s as d, -1 as delta from old_rows', dimension, day);
      else
        changes := format('select %s as k, %s as d, 1 as delta from new_rows
          union all select %s, %s, -1 from old_rows', dimension, day, dimension, day);
      end if;
      -- Groups in a fixed order, so two statements never wait on each other's counters crosswise.
      execute format('insert into rollup_counts as r (table_name, dimension, day, n)
        select %L, k, d, sum(delta) from (%s) c group by k, d having sum(delta) <> 0 order by k, d
        on conflict (table_name, dimension, day) do update set n = r.n + excluded.n', tg_table_name, changes);
      return null;
    end $$`.execute(db);
}

/** Attaches the rollup to a table and counts the rows it already has. */
export async function trackRollup(
  db: Kysely<unknown>,
  table: string,
  dimension: string | null,
  dayColumn: string,
): Promise<void> {
  // Names come from migrations, never from input; still, only plain identifiers reach the trigger's text.
  for (const name of [table, dimension ?? 'none', dayColumn])
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Bad rollup identifier: ${name}`);
  const dim = dimension ?? '';
  const key = dimension ? sql`coalesce(${sql.ref(dimension)}::text, '')` : sql`''`;
  await sql`insert into rollup_counts (table_name, dimension, day, n)
    select ${table}, ${key}, (${sql.ref(dayColumn)} at time zone 'UTC')::date, count(*)
    from ${sql.table(table)} group by 2, 3`.execute(db);
  const args = sql.raw(`'${dim}', '${dayColumn}'`);
  for (const [op, referencing] of [
    ['insert', sql`referencing new table as new_rows`],
    ['update', sql`referencing old table as old_rows new table as new_rows`],
    ['delete', sql`referencing old table as old_rows`],
  ] as const) {
    await sql`create trigger ${sql.id(`${table}_rollup_${op}`)} after ${sql.raw(op)} on ${sql.table(table)}
      ${referencing} for each statement execute function rollup_counts_track(${args})`.execute(db);
  }
}

import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Counters per UTC day (and per value of one "bucket" column, a status or a level) of a listed table,
 * kept exact by statement-level triggers in the writing transaction. They answer the totals of
 * date-range and bucket filters as sums of a few rows, and let a deep page of the date sort start in
 * its day instead of skipping every row before it (see docs/performance.md, "Totals").
 */
export const listMigrations: Record<string, Migration> = {
  '2026-11-24-0200-list-day-counts': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table list_day_counts (
          table_name text not null,
          day date not null,
          bucket text not null,
          n bigint not null,
          primary key (table_name, day, bucket)
        )`.execute(db);
      await defineDayCountsTrack(db, { months: false });
    },
  },
  '2026-11-26-0000-list-bigrams': {
    async up(db: Kysely<unknown>) {
      // Every distinct pair of adjacent characters: `list_bigrams(x) @> array[pair]` is exactly
      // "x contains pair", which a GIN index answers where a trigram index cannot (two characters
      // make no trigram, so `ilike '%ov%'` is a scan of every row).
      await sql`
        create function list_bigrams(value text) returns text[]
        language sql immutable strict parallel safe as $$
          select coalesce(array_agg(distinct substr(value, i, 2)), '{}'::text[])
          from generate_series(1, char_length(value) - 1) as i
        $$`.execute(db);
    },
  },
  '2026-12-04-0500-list-month-counts': {
    async up(db: Kysely<unknown>) {
      await withoutStatementTimeout(db);
      // The same counters per UTC month, moved by the same trigger: a total over all time or over whole
      // months sums a row per month and bucket instead of one per day (2,193 rows and 1 ms for two
      // years of users filtered on three statuses; a row scope on status pays it on every page).
      await sql`
        create table list_month_counts (
          table_name text not null,
          month date not null,
          bucket text not null,
          n bigint not null,
          primary key (table_name, month, bucket)
        )`.execute(db);
      await defineDayCountsTrack(db, { months: true });
      await sql`lock table list_day_counts in share mode`.execute(db);
      await sql`insert into list_month_counts (table_name, month, bucket, n)
        select table_name, date_trunc('month', day::timestamp)::date, bucket, sum(n) from list_day_counts
        group by 1, 2, 3 order by 1, 2, 3`.execute(db);
      await sql`analyze list_month_counts`.execute(db);
    },
  },
  '2026-11-26-0001-list-day-counts-covering': {
    async up(db: Kysely<unknown>) {
      // A deep page's day is found by summing a table's counters in day order: with `n` in the index
      // that is an index-only walk, grouped as it goes (3.7 ms → 1.5 ms over 1,096 days × 6 statuses).
      await sql`create index list_day_counts_walk_idx on list_day_counts (table_name, day, bucket) include (n)`.execute(
        db,
      );
    },
  },
};

/**
 * The trigger function behind `trackDayCounts` (`create or replace`: a later migration adds the month
 * counters). Its arguments name the day column (timestamptz) and the bucket column ('' for none). Rows
 * are grouped before the upsert, so a batch of 1,000 inserts touches one counter per day and bucket,
 * and taken in key order, days before months, so two statements lock shared counters in one order.
 */
async function defineDayCountsTrack(db: Kysely<unknown>, options: { months: boolean }): Promise<void> {
  const months = options.months
    ? `
          execute format(
            'insert into list_month_counts (table_name, month, bucket, n)
              select $1, date_trunc(''month'', day::timestamp)::date, bucket, sum(delta) from (%s) as change
              group by 2, bucket having sum(delta) <> 0 order by 2, bucket
              on conflict (table_name, month, bucket) do update set n = list_month_counts.n + excluded.n',
            changes) using tg_table_name;`
    : '';
  const truncateMonths = options.months
    ? 'delete from list_month_counts where table_name = tg_table_name;'
    : '';
  await sql`
        create or replace function list_day_counts_track() returns trigger language plpgsql as $$
        declare
          day_expr text := format('(%I at time zone ''UTC'')::date', tg_argv[0]);
          bucket_expr text := case when tg_argv[1] = '' then '''''' else format('%I::text', tg_argv[1]) end;
          changes text;
        begin
          if tg_op = 'TRUNCATE' then
            delete from list_day_counts where table_name = tg_table_name;
            ${sql.raw(truncateMonths)}
            return null;
          elsif tg_op = 'INSERT' then
            changes := format('select %s as day, %s as bucket, 1 as delta from inserted', day_expr, bucket_expr);
          elsif tg_op = 'DELETE' then
            changes := format('select %s as day, %s as bucket, -1 as delta from deleted', day_expr, bucket_expr);
          else
            changes := format(
              'select %s as day, %s as bucket, -1 as delta from old_rows union all select %s, %s, 1 from new_rows',
              day_expr, bucket_expr, day_expr, bucket_expr);
          end if;
          execute format(
            'insert into list_day_counts (table_name, day, bucket, n)
              select $1, day, bucket, sum(delta) from (%s) as change
              group by day, bucket having sum(delta) <> 0 order by day, bucket
              on conflict (table_name, day, bucket) do update set n = list_day_counts.n + excluded.n',
            changes) using tg_table_name;${sql.raw(months)}
          return null;
        end $$`.execute(db);
}

/**
 * Starts day counters on `table` (in a module's migration). The triggers come first: creating them
 * locks the table against writes until the migration commits, so no row can slip between the
 * backfill and the triggers.
 */
export async function trackDayCounts(
  db: Kysely<unknown>,
  table: string,
  dayColumn: string,
  bucketColumn = '',
): Promise<void> {
  await withoutStatementTimeout(db);
  const args = sql`${sql.lit(dayColumn)}, ${sql.lit(bucketColumn)}`;
  const name = (event: string) => sql.id(`${table}_day_counts_${event}`);
  await sql`create trigger ${name('insert')} after insert on ${sql.table(table)}
    referencing new table as inserted for each statement execute function list_day_counts_track(${args})`.execute(
    db,
  );
  await sql`create trigger ${name('update')} after update on ${sql.table(table)}
    referencing old table as old_rows new table as new_rows
    for each statement execute function list_day_counts_track(${args})`.execute(db);
  await sql`create trigger ${name('delete')} after delete on ${sql.table(table)}
    referencing old table as deleted for each statement execute function list_day_counts_track(${args})`.execute(
    db,
  );
  await sql`create trigger ${name('truncate')} after truncate on ${sql.table(table)}
    for each statement execute function list_day_counts_track(${args})`.execute(db);
  const bucket = bucketColumn === '' ? sql`''` : sql`${sql.ref(bucketColumn)}::text`;
  await sql`insert into list_day_counts (table_name, day, bucket, n)
    select ${table}, (${sql.ref(dayColumn)} at time zone 'UTC')::date, ${bucket}, count(*)
    from ${sql.table(table)} group by 2, 3`.execute(db);
  // Statistics now, so the first lists are planned on the backfilled counters, not an empty table.
  await sql`analyze list_day_counts`.execute(db);
}

/**
 * A 1,000-entry histogram (instead of 100) on the columns a list filters by "contains". The planner
 * estimates `col ilike '%fragment%'` by matching the pattern against the histogram: with 100 entries a
 * name fragment found in 2 % of a million e-mails was estimated at 100 rows, so the page was planned
 * as "fetch every match, then sort" (600 ms) instead of walking the sort's index until ten match
 * (10 ms), and an estimated total was off by 200×; with 1,000 it is within about 1.5× (see
 * performance.md). ANALYZE then samples 300,000 rows instead of 30,000.
 */
export async function finerTextStatistics(
  db: Kysely<unknown>,
  table: string,
  columns: string[],
): Promise<void> {
  await withoutStatementTimeout(db);
  for (const column of columns) {
    await sql`alter table ${sql.table(table)} alter column ${sql.ref(column)} set statistics 1000`.execute(
      db,
    );
  }
  await sql`analyze ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})`.execute(db);
}

/**
 * A GIN index over the case-folded bigrams of `column` (see `list-bigrams`), for the two-character
 * "contains" filters of a list column declared with `bigrams: true`. The index's statistics list the
 * common pairs, so the planner estimates such a filter as well as a longer one.
 */
export async function bigramIndex(db: Kysely<unknown>, table: string, column: string): Promise<void> {
  await withoutStatementTimeout(db);
  const index = sql.id(`${table}_${column}_bigrams_idx`);
  await sql`create index ${index} on ${sql.table(table)} using gin (list_bigrams(lower(${sql.ref(column)})))`.execute(
    db,
  );
  await sql`alter index ${index} alter column 1 set statistics 1000`.execute(db);
  await sql`analyze ${sql.table(table)}`.execute(db);
}

/**
 * A backfill or an ANALYZE of a big table may take longer than the pool's statement timeout (10 s):
 * lifted for the rest of the migration's transaction only.
 */
async function withoutStatementTimeout(db: Kysely<unknown>): Promise<void> {
  await sql`set local statement_timeout = 0`.execute(db);
}

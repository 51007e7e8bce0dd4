import { type Kysely, type Migration, sql } from 'kysely';

/** The channel every server process LISTENs on; a notification only says "read the feed". */
export const CHANGES_CHANNEL = 'pult_changes';

/**
 * A statement that changes more rows than this records one `many` event instead of one per row: a
 * bulk action or an import makes lists reload, not thousands of events each panel filters.
 */
export const MAX_ROW_EVENTS_PER_STATEMENT = 500;

/**
 * The change feed (docs/architecture.md, "Live changes"): every insert, update and delete of a tracked
 * table records an event in the writing transaction, by statement-level triggers, so no write path
 * (a form, a bulk action, a worker, SQL typed by hand) can change a record without it. `tx` is the
 * writing transaction: a reader delivers only events of transactions that have all ended, in `(tx,
 * id)` order, so an event that commits late is never skipped (see change-feed.ts).
 */
export const liveMigrations: Record<string, Migration> = {
  '2026-11-27-0000-change-events': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table change_events (
          id bigint generated always as identity primary key,
          tx xid8 not null default pg_current_xact_id(),
          at timestamptz not null default now(),
          resource text not null,
          record_id text,
          op text not null,
          version text,
          actor_id bigint
        )`.execute(db);
      await sql`create index change_events_order_idx on change_events (tx, id)`.execute(db);
      await sql`create index change_events_at_idx on change_events (at)`.execute(db);
      // The last position pruning removed: a stream resuming from before it may have lost events.
      await sql`
        create table change_events_pruned (
          one boolean primary key default true check (one),
          tx xid8 not null,
          id bigint not null
        )`.execute(db);
      // The arguments are the permission resource and the id column. The version is the writing
      // transaction's id, which is the `xmin` a record's ETag carries (resources/record-version.ts).
      // `pult.actor` is the administrator whose request runs the statement (db/actor-context.ts);
      // `pult.change_events = off` lets a seed of millions of rows skip the feed.
      await sql`
        create function change_events_track() returns trigger language plpgsql as $$
        declare
          source text := case when tg_op = 'DELETE' then 'old_rows' else 'new_rows' end;
          actor bigint := nullif(current_setting('pult.actor', true), '')::bigint;
          version text := case when tg_op = 'DELETE' then null else pg_current_xact_id()::xid::text end;
          n bigint;
        begin
          if coalesce(current_setting('pult.change_events', true), '') = 'off' then
            return null;
          end if;
          execute format('select count(*) from %I', source) into n;
          if n = 0 then
            return null;
          elsif n > ${sql.lit(MAX_ROW_EVENTS_PER_STATEMENT)} then
            insert into change_events (resource, record_id, op, version, actor_id)
              values (tg_argv[0], null, 'many', null, actor);
          else
            execute format(
              'insert into change_events (resource, record_id, op, version, actor_id)
                select $1, %I::text, $2, $3, $4 from %I order by 1', tg_argv[1], source)
              using tg_argv[0], lower(tg_op), version, actor;
          end if;
          perform pg_notify(${sql.lit(CHANGES_CHANNEL)}, '');
          return null;
        end $$`.execute(db);
    },
  },
};

/** Records every change of `table`'s rows in the change feed as `resource` (in a module's migration). */
export async function trackChanges(
  db: Kysely<unknown>,
  table: string,
  resource: string,
  idColumn = 'id',
): Promise<void> {
  const args = sql`${sql.lit(resource)}, ${sql.lit(idColumn)}`;
  const name = (event: string) => sql.id(`${table}_changes_${event}`);
  await sql`create trigger ${name('insert')} after insert on ${sql.table(table)}
    referencing new table as new_rows for each statement execute function change_events_track(${args})`.execute(
    db,
  );
  await sql`create trigger ${name('update')} after update on ${sql.table(table)}
    referencing new table as new_rows for each statement execute function change_events_track(${args})`.execute(
    db,
  );
  await sql`create trigger ${name('delete')} after delete on ${sql.table(table)}
    referencing old table as old_rows for each statement execute function change_events_track(${args})`.execute(
    db,
  );
}

import { type Kysely, type Migration, sql } from 'kysely';
import { trackChanges } from '../../live/migrations.js';
import { finerTextStatistics, trackDayCounts } from '../../resources/migrations.js';
import { storageDashboardMigrations } from './dashboard/migrations.js';
import { storageReportMigrations } from './reports/migrations.js';

export const storageMigrations: Record<string, Migration> = {
  '2026-11-23-0300-storage-buckets-files': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table storage_buckets (
          id bigint generated always as identity primary key,
          name text not null,
          access text not null check (access in ('public', 'private')),
          size_limit_mb integer not null check (size_limit_mb between 1 and 10240),
          presign_expiry_seconds integer not null check (presign_expiry_seconds between 60 and 604800),
          allowed_extensions text[] not null default '{}',
          allowed_mimes text[] not null default '{}',
          groups text[] not null default '{}',
          file_count bigint not null default 0,
          bytes_used bigint not null default 0,
          deleting_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      // A bucket being deleted frees its name at once.
      await sql`create unique index storage_buckets_name_key on storage_buckets (name) where deleting_at is null`.execute(
        db,
      );

      await sql`
        create table storage_files (
          id bigint generated always as identity primary key,
          uuid uuid not null unique default gen_random_uuid(),
          bucket_id bigint not null references storage_buckets (id) on delete restrict,
          path text not null,
          size bigint not null check (size >= 0),
          mime_type text not null,
          owner_uid uuid,
          blob_key text not null unique,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create unique index storage_files_bucket_path_key on storage_files (bucket_id, path)`.execute(
        db,
      );
      for (const column of ['created_at', 'updated_at', 'size', 'path']) {
        await sql`create index ${sql.id(`storage_files_${column}_idx`)} on storage_files (${sql.ref(column)}, id)`.execute(
          db,
        );
      }
      await sql`create index storage_files_bucket_created_idx on storage_files (bucket_id, created_at, id)`.execute(
        db,
      );
      await sql`create index storage_files_owner_created_idx on storage_files (owner_uid, created_at, id)`.execute(
        db,
      );
      if (await hasTrigrams(db)) {
        await sql`create index storage_files_path_trgm_idx on storage_files using gin (path gin_trgm_ops)`.execute(
          db,
        );
      }

      // File count and bytes used per bucket, kept by the writes themselves: one statement-level
      // trigger per kind of write adds up what it changed, bucket by bucket.
      await sql`
        create function storage_files_tally() returns trigger language plpgsql as $$
        begin
          if tg_op in ('DELETE', 'UPDATE') then
            update storage_buckets b set file_count = b.file_count - d.n, bytes_used = b.bytes_used - d.bytes
            from (select bucket_id, count(*) as n, coalesce(sum(size), 0) as bytes from old_rows group by bucket_id) d
            where b.id = d.bucket_id;
          end if;
          if tg_op in ('INSERT', 'UPDATE') then
            update storage_buckets b set file_count = b.file_count + d.n, bytes_used = b.bytes_used + d.bytes
            from (select bucket_id, count(*) as n, coalesce(sum(size), 0) as bytes from new_rows group by bucket_id) d
            where b.id = d.bucket_id;
          end if;
          return null;
        end $$`.execute(db);
      await sql`create trigger storage_files_tally_insert after insert on storage_files
        referencing new table as new_rows for each statement execute function storage_files_tally()`.execute(
        db,
      );
      await sql`create trigger storage_files_tally_update after update on storage_files
        referencing old table as old_rows new table as new_rows
        for each statement execute function storage_files_tally()`.execute(db);
      await sql`create trigger storage_files_tally_delete after delete on storage_files
        referencing old table as old_rows for each statement execute function storage_files_tally()`.execute(
        db,
      );

      await sql`
        create table storage_blob_gc (
          blob_key text primary key,
          due_at timestamptz not null
        )`.execute(db);
      await sql`create index storage_blob_gc_due_idx on storage_blob_gc (due_at)`.execute(db);

      await sql`
        create table storage_keys (
          name text primary key,
          sealed text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '2026-11-23-0301-storage-logs-errors': {
    async up(db: Kysely<unknown>) {
      const trigrams = await hasTrigrams(db);
      await sql`
        create table storage_settings (
          id boolean primary key default true check (id),
          log_retention_days integer not null check (log_retention_days between 1 and 3650),
          error_retention_days integer not null check (error_retention_days between 1 and 3650),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`insert into storage_settings (log_retention_days, error_retention_days) values (30, 90)`.execute(
        db,
      );

      await sql`
        create table storage_log_names (
          id integer generated always as identity primary key,
          kind text not null check (kind in ('service', 'environment')),
          name text not null
        )`.execute(db);
      await sql`create unique index storage_log_names_key on storage_log_names (kind, name)`.execute(db);

      // Logs and errors are the big tables: no foreign keys (names are never deleted, groups are
      // deleted only once empty), and an index per filter the screens offer, each ending in
      // (created_at, id) so the newest page of any filter is the first rows of one index.
      for (const table of ['storage_logs', 'storage_errors']) {
        const groupColumn = table === 'storage_errors' ? sql`, group_id bigint not null` : sql``;
        await sql`
          create table ${sql.table(table)} (
            id bigint generated always as identity primary key,
            created_at timestamptz not null,
            received_at timestamptz not null,
            level text not null check (level in ('debug', 'info', 'warn', 'error', 'fatal')),
            service_id integer not null,
            environment_id integer not null,
            message text not null,
            trace_log text,
            context jsonb
            ${groupColumn}
          )`.execute(db);
        const indexes: [string, string][] = [
          ['created_at', 'created_at, id'],
          ['level', 'level, created_at, id'],
          ['service', 'service_id, created_at, id'],
          ['service_level', 'service_id, level, created_at, id'],
          ['environment', 'environment_id, created_at, id'],
        ];
        if (table === 'storage_errors') indexes.push(['group', 'group_id, created_at, id']);
        for (const [name, columns] of indexes) {
          await sql`create index ${sql.id(`${table}_${name}_idx`)} on ${sql.table(table)} (${sql.raw(columns)})`.execute(
            db,
          );
        }
        if (trigrams) {
          await sql`create index ${sql.id(`${table}_message_trgm_idx`)} on ${sql.table(table)}
            using gin (message gin_trgm_ops)`.execute(db);
        }
        // An unfiltered list reads its total from row_counts (see the users migration).
        await sql`insert into row_counts (table_name, n) values (${table}, 0)`.execute(db);
        for (const [event, transition] of [
          ['insert', sql`referencing new table as inserted`],
          ['delete', sql`referencing old table as deleted`],
          ['truncate', sql``],
        ] as const) {
          await sql`create trigger ${sql.id(`${table}_count_${event}`)} after ${sql.raw(event)} on ${sql.table(table)}
            ${transition} for each statement execute function row_counts_track()`.execute(db);
        }
      }

      await sql`
        create table storage_error_groups (
          id bigint generated always as identity primary key,
          fingerprint text not null unique,
          service_id integer not null,
          level text not null check (level in ('debug', 'info', 'warn', 'error', 'fatal')),
          message text not null,
          top_frame text,
          status text not null default 'open' check (status in ('open', 'resolved')),
          count bigint not null check (count >= 0),
          first_seen timestamptz not null,
          last_seen timestamptz not null,
          resolved_at timestamptz
        )`.execute(db);
      for (const [name, columns] of [
        ['last_seen', 'last_seen, id'],
        ['first_seen', 'first_seen, id'],
        ['count', 'count, id'],
        ['status', 'status, last_seen, id'],
      ] as const) {
        await sql`create index ${sql.id(`storage_error_groups_${name}_idx`)} on storage_error_groups (${sql.raw(columns)})`.execute(
          db,
        );
      }
    },
  },
  ...storageDashboardMigrations,
  ...storageReportMigrations,
  '2026-11-24-0220-logs-day-counts': {
    async up(db: Kysely<unknown>) {
      // Totals of date + level filters and deep pages of the date sort (list engine, day counters).
      await trackDayCounts(db, 'storage_logs', 'created_at', 'level');
      await trackDayCounts(db, 'storage_errors', 'created_at', 'level');
      await finerTextStatistics(db, 'storage_logs', ['message']);
      await finerTextStatistics(db, 'storage_errors', ['message']);
    },
  },
  '2026-11-27-2000-storage-live-changes': {
    async up(db: Kysely<unknown>) {
      // Panels show other administrators' changes and new errors live (issue 22).
      await trackChanges(db, 'storage_buckets', 'storage.buckets');
      await trackChanges(db, 'storage_error_groups', 'storage.error-groups');
    },
  },
};

async function hasTrigrams(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ installed: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(db);
  return rows[0]?.installed === true;
}

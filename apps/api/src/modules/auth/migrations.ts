import { type Kysely, type Migration, sql } from 'kysely';
import { trackChanges } from '../../live/migrations.js';
import { monthlyRollupMigrations } from '../../reports/monthly-migrations.js';
import { savedReportMigrations } from '../../reports/saved/migrations.js';
import { reportScheduleMigrations } from '../../reports/schedules/migrations.js';
import { bigramIndex, finerTextStatistics, trackDayCounts } from '../../resources/migrations.js';
import { auditMigrations } from './audit/migrations.js';
import { authDashboardMigrations } from './dashboard/migrations.js';
import { groupMigrations } from './groups/migrations.js';
import { mfaMigrations } from './mfa/migrations.js';
import { authReportMigrations } from './reports/migrations.js';

export const authMigrations: Record<string, Migration> = {
  '2026-11-21-0100-auth-core': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table admins (
          id bigint generated always as identity primary key,
          uid uuid not null unique default gen_random_uuid(),
          email text not null,
          username text,
          first_name text not null default '',
          last_name text not null default '',
          phone text,
          photo text,
          gender text check (gender in ('male', 'female', 'other')),
          birthday date,
          about_me text,
          language text not null default 'uk-UA',
          status smallint not null default 1,
          groups text[] not null default '{}',
          password_hash text not null,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create unique index admins_email_key on admins (lower(email))`.execute(db);

      await sql`
        create table auth_sessions (
          id uuid primary key default gen_random_uuid(),
          subject_kind text not null check (subject_kind in ('admin', 'user')),
          subject_id bigint not null,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          revoked_at timestamptz,
          revoked_reason text,
          ip text,
          user_agent text
        )`.execute(db);
      await sql`create index auth_sessions_subject_idx on auth_sessions (subject_kind, subject_id) where revoked_at is null`.execute(
        db,
      );

      await sql`
        create table refresh_tokens (
          id bigint generated always as identity primary key,
          session_id uuid not null references auth_sessions (id) on delete cascade,
          token_hash text not null unique,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          rotated_at timestamptz,
          replaced_by bigint references refresh_tokens (id) on delete set null
        )`.execute(db);
      await sql`create index refresh_tokens_session_idx on refresh_tokens (session_id)`.execute(db);

      await sql`
        create table signing_keys (
          kid text primary key,
          algorithm text not null,
          private_jwk_sealed text not null,
          public_jwk jsonb not null,
          created_at timestamptz not null default now()
        )`.execute(db);

      await sql`
        create table rate_limit_events (
          id bigint generated always as identity primary key,
          bucket text not null,
          key text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index rate_limit_events_lookup_idx on rate_limit_events (bucket, key, created_at)`.execute(
        db,
      );

      await sql`
        create table password_reset_codes (
          id bigint generated always as identity primary key,
          admin_id bigint not null references admins (id) on delete cascade,
          code_hash text not null unique,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          used_at timestamptz
        )`.execute(db);
      await sql`create index password_reset_codes_admin_idx on password_reset_codes (admin_id) where used_at is null`.execute(
        db,
      );

      await sql`
        create table settings (
          key text primary key,
          type text not null check (type in ('string', 'integer', 'boolean', 'json')),
          value jsonb not null,
          is_public boolean not null default false,
          updated_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '2026-11-21-0300-auth-users-geo': {
    async up(db: Kysely<unknown>) {
      const trigrams = await enableTrigrams(db);

      await sql`
        create table countries (
          id bigint generated always as identity primary key,
          code text not null check (code ~ '^[A-Z]{2}$'),
          name_uk text not null,
          name_en text not null,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create unique index countries_code_key on countries (code)`.execute(db);

      await sql`
        create table cities (
          id bigint generated always as identity primary key,
          country_id bigint not null references countries (id) on delete restrict,
          name_uk text not null,
          name_en text not null,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create unique index cities_country_name_en_key on cities (country_id, lower(name_en))`.execute(
        db,
      );
      await sql`create unique index cities_country_name_uk_key on cities (country_id, lower(name_uk))`.execute(
        db,
      );

      await sql`
        create table users (
          id bigint generated always as identity primary key,
          uid uuid not null unique default gen_random_uuid(),
          email text not null,
          username text,
          first_name text not null default '',
          last_name text not null default '',
          phone text,
          country_id bigint references countries (id) on delete restrict,
          city_id bigint references cities (id) on delete restrict,
          gender text check (gender in ('male', 'female', 'other')),
          birthday date,
          about_me text,
          language text not null default 'uk-UA',
          status smallint not null default 1,
          password_hash text not null,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create unique index users_email_key on users (lower(email))`.execute(db);
      // Every sortable column gets (column, id): the list orders by it with id as the tie-breaker.
      for (const column of [
        'created_at',
        'updated_at',
        'email',
        'username',
        'first_name',
        'last_name',
        'birthday',
      ]) {
        await sql`create index ${sql.id(`users_${column}_idx`)} on users (${sql.ref(column)}, id)`.execute(
          db,
        );
      }
      await sql`create index users_status_created_at_idx on users (status, created_at, id)`.execute(db);
      await sql`create index users_country_idx on users (country_id)`.execute(db);
      await sql`create index users_city_idx on users (city_id)`.execute(db);
      if (trigrams) {
        for (const column of ['email', 'username', 'first_name', 'last_name', 'phone']) {
          await sql`create index ${sql.id(`users_${column}_trgm_idx`)} on users using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
            db,
          );
        }
      }

      await sql`alter table admins add column country_id bigint references countries (id) on delete restrict`.execute(
        db,
      );
      await sql`alter table admins add column city_id bigint references cities (id) on delete restrict`.execute(
        db,
      );

      await sql`
        create table api_keys (
          service text primary key,
          prefix text not null,
          key_hash text not null unique,
          created_at timestamptz not null default now()
        )`.execute(db);
    },
  },
  '2026-11-21-0400-users-row-count': {
    async up(db: Kysely<unknown>) {
      // An unfiltered list's total must not cost a scan of a million rows: statement-level triggers
      // keep an exact count. Every insert statement updates one row, so concurrent inserts queue
      // briefly on it; the platform creates users far more slowly than that matters.
      await sql`create table row_counts (table_name text primary key, n bigint not null)`.execute(db);
      await sql`
        create function row_counts_track() returns trigger language plpgsql as $$
        begin
          if tg_op = 'INSERT' then
            update row_counts set n = n + (select count(*) from inserted) where table_name = tg_table_name;
          elsif tg_op = 'DELETE' then
            update row_counts set n = n - (select count(*) from deleted) where table_name = tg_table_name;
          else
            update row_counts set n = 0 where table_name = tg_table_name;
          end if;
          return null;
        end $$`.execute(db);
      await sql`insert into row_counts (table_name, n) select 'users', count(*) from users`.execute(db);
      await sql`create trigger users_count_insert after insert on users referencing new table as inserted
        for each statement execute function row_counts_track()`.execute(db);
      await sql`create trigger users_count_delete after delete on users referencing old table as deleted
        for each statement execute function row_counts_track()`.execute(db);
      await sql`create trigger users_count_truncate after truncate on users
        for each statement execute function row_counts_track()`.execute(db);
    },
  },
  '2026-11-21-0500-users-status-sort': {
    async up(db: Kysely<unknown>) {
      // Status is sortable like the columns indexed in the first users migration.
      await sql`create index users_status_id_idx on users (status, id)`.execute(db);
    },
  },
  '2026-11-23-0050-users-groups': {
    async up(db: Kysely<unknown>) {
      // Platform users belong to groups too: the services decide by them (storage uploads, say).
      // A constant default adds the column without rewriting the table.
      await sql`alter table users add column groups text[] not null default '{}'`.execute(db);
    },
  },
  ...auditMigrations,
  ...groupMigrations,
  ...authDashboardMigrations,
  ...mfaMigrations,
  ...authReportMigrations,
  ...savedReportMigrations,
  ...reportScheduleMigrations,
  ...monthlyRollupMigrations,
  '2026-11-24-0210-users-day-counts': {
    async up(db: Kysely<unknown>) {
      // Totals of date + status filters and deep pages of the date sort (list engine, day counters).
      await trackDayCounts(db, 'users', 'created_at', 'status');
    },
  },
  '2026-11-24-0240-users-text-statistics': {
    async up(db: Kysely<unknown>) {
      await finerTextStatistics(db, 'users', ['email', 'username', 'first_name', 'last_name', 'phone']);
    },
  },
  '2026-11-26-0010-people-email-bigrams': {
    async up(db: Kysely<unknown>) {
      await bigramIndex(db, 'users', 'email');
      await bigramIndex(db, 'admins', 'email');
    },
  },
  '2026-11-26-0020-users-sort-covers-email': {
    async up(db: Kysely<unknown>) {
      // The list's default sort walks these indexes until a page of rows passes an e-mail filter; with
      // the e-mail in the index the walk is index-only (no table page per row it rejects): a 2 % name
      // fragment went from 3.3 ms to 0.7 ms, status + a 5 % fragment from 0.47 to 0.15 ms.
      await sql`set local statement_timeout = 0`.execute(db);
      await sql`drop index users_created_at_idx`.execute(db);
      await sql`create index users_created_at_idx on users (created_at, id) include (email)`.execute(db);
      await sql`drop index users_status_created_at_idx`.execute(db);
      await sql`create index users_status_created_at_idx on users (status, created_at, id) include (email)`.execute(
        db,
      );
    },
  },
  '2026-11-27-2100-users-date-sort-covers-status': {
    async up(db: Kysely<unknown>) {
      // An administrator whose grant limits users by status (a countable scope) walks the date sort's
      // index and checks each row's status: with the status in the index the walk stays index-only
      // (a deep page skipping 600 rows of its day read each from the table: 6.9 ms against 0.16 ms).
      await sql`set local statement_timeout = 0`.execute(db);
      await sql`drop index users_created_at_idx`.execute(db);
      await sql`create index users_created_at_idx on users (created_at, id) include (email, status)`.execute(
        db,
      );
    },
  },
  '2026-11-27-2000-auth-live-changes': {
    async up(db: Kysely<unknown>) {
      // Panels show other administrators' changes live (issue 22).
      await trackChanges(db, 'users', 'auth.users');
      await trackChanges(db, 'admins', 'auth.admins');
      await trackChanges(db, 'admin_groups', 'auth.groups');
      await trackChanges(db, 'settings', 'auth.settings', 'key');
      await trackChanges(db, 'countries', 'auth.countries');
      await trackChanges(db, 'cities', 'auth.cities');
    },
  },
  '2026-11-28-1100-reset-codes-end-with-email-or-lock': {
    async up(db: Kysely<unknown>) {
      // A recovery or invitation code belongs to the address it was mailed to and to an active
      // administrator: once the e-mail changes (a typo corrected) or the administrator is locked,
      // their unused codes are spent, so neither the old mailbox nor an unlock revives them. In the
      // database, so the form, bulk actions, imports and hand-written SQL are all covered. Status 1
      // is active (STATUS.active), as the column's default says.
      await sql`
        create function admins_end_reset_codes() returns trigger language plpgsql as $$
        begin
          update password_reset_codes set used_at = now() where admin_id = new.id and used_at is null;
          return null;
        end $$`.execute(db);
      await sql`create trigger admins_end_reset_codes after update of email, status on admins
        for each row when (lower(new.email) is distinct from lower(old.email) or new.status <> 1)
        execute function admins_end_reset_codes()`.execute(db);
    },
  },
  '2026-11-29-0900-users-date-indexes-fold-email': {
    async up(db: Kysely<unknown>) {
      // A page walked along the date sort's indexes checks an e-mail fragment on each entry: `ilike`
      // folds the address's case on every entry, where `lower(email) like lower(…)` read from a key of
      // the index costs a third of it (list-sql.ts, `ListColumn.folded`). The address stays included:
      // an export or a bulk action checks `ilike` along the same indexes, index-only.
      await sql`set local statement_timeout = 0`.execute(db);
      await sql`drop index users_created_at_idx`.execute(db);
      await sql`create index users_created_at_idx on users (created_at, id, lower(email)) include (email, status)`.execute(
        db,
      );
      await sql`drop index users_status_created_at_idx`.execute(db);
      await sql`create index users_status_created_at_idx on users (status, created_at, id, lower(email)) include (email)`.execute(
        db,
      );
    },
  },
};

/**
 * pg_trgm is optional: without it (a server that lacks the contrib package or the right to create
 * it) "contains" filters still work, by a scan. A savepoint keeps a refusal from aborting the migration.
 */
async function enableTrigrams(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ available: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'pg_trgm') as available`.execute(db);
  if (!rows[0]?.available) return false;
  await sql`savepoint enable_trigrams`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`release savepoint enable_trigrams`.execute(db);
    return true;
  } catch {
    await sql`rollback to savepoint enable_trigrams`.execute(db);
    return false;
  }
}

import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Administrators' groups with their grants (access control), and the access version every request
 * reads beside its session: a trigger bumps it in the transaction of any change to any group, so each
 * process drops its compiled permissions on the next request after the change commits.
 */
export const groupMigrations: Record<string, Migration> = {
  '2026-11-26-1000-admin-groups': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table admin_groups (
          id bigint generated always as identity primary key,
          name text not null constraint admin_groups_name_key unique,
          description text not null default '',
          grants jsonb not null default '[]'::jsonb,
          builtin boolean not null default false,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`
        create table admin_access_version (
          id smallint primary key default 1 check (id = 1),
          version bigint not null
        )`.execute(db);
      await sql`insert into admin_access_version (id, version) values (1, 1)`.execute(db);
      await sql`
        create function admin_groups_bump_access_version() returns trigger language plpgsql as $$
        begin
          update admin_access_version set version = version + 1 where id = 1;
          return null;
        end $$`.execute(db);
      await sql`
        create trigger admin_groups_access_version
          after insert or update or delete or truncate on admin_groups
          for each statement execute function admin_groups_bump_access_version()`.execute(db);
      await sql`
        insert into admin_groups (name, description, grants, builtin)
        values ('superadmin', 'Everything on every service', '[{"resource":"*","action":"*","effect":"allow"}]', true)
      `.execute(db);
      // Names administrators already carry become groups (granting nothing yet), so every name an
      // admin holds stays a group's.
      await sql`
        insert into admin_groups (name)
        select distinct name from admins, unnest(admins.groups) as name where name <> 'superadmin'
        on conflict (name) do nothing`.execute(db);
      // Before groups granted anything, every administrator could do everything: nobody loses access
      // on upgrade. Operators narrow them afterwards (docs/operations.md, "Giving a colleague access").
      await sql`update admins set groups = array_append(groups, 'superadmin')
        where not ('superadmin' = any(groups))`.execute(db);
      await sql`create index admins_groups_idx on admins using gin (groups)`.execute(db);
    },
  },
  '2026-11-27-0900-group-mfa-required': {
    async up(db: Kysely<unknown>) {
      // Members of such a group without a second factor may only enrol one (or sign out).
      await sql`alter table admin_groups add column mfa_required boolean not null default false`.execute(db);
    },
  },
};

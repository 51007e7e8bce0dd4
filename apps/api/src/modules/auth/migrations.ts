import { type Kysely, type Migration, sql } from 'kysely';

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
};

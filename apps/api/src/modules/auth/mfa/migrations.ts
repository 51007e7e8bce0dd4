import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The administrators' second factor: the authenticator's sealed secret with the last time step it
 * accepted, hashed one-time recovery codes, the sign-in's second-step challenges, and the key the
 * recovery codes are hashed with (sealed, so `secrets:rotate` carries it to a new SECRET_KEY).
 */
export const mfaMigrations: Record<string, Migration> = {
  '2026-11-26-1800-admin-mfa': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table admin_totp (
          admin_id bigint primary key references admins (id) on delete cascade,
          secret_sealed text not null,
          confirmed_at timestamptz,
          last_step bigint,
          created_at timestamptz not null default now()
        )`.execute(db);
      await sql`
        create table admin_recovery_codes (
          id bigint generated always as identity primary key,
          admin_id bigint not null references admins (id) on delete cascade,
          code_hash text not null,
          created_at timestamptz not null default now(),
          used_at timestamptz,
          constraint admin_recovery_codes_code_key unique (admin_id, code_hash)
        )`.execute(db);
      await sql`
        create table admin_mfa_challenges (
          id bigint generated always as identity primary key,
          admin_id bigint not null references admins (id) on delete cascade,
          token_hash text not null constraint admin_mfa_challenges_token_key unique,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null,
          used_at timestamptz
        )`.execute(db);
      await sql`create index admin_mfa_challenges_expires_idx on admin_mfa_challenges (expires_at)`.execute(
        db,
      );
      await sql`
        create table auth_keys (
          name text primary key,
          sealed text not null,
          created_at timestamptz not null default now()
        )`.execute(db);
      // Which second factor a sign-in passed (null: the password alone). The sessions list and the
      // step-up check read it; refresh keeps it, since it belongs to the sign-in, not to a token.
      await sql`alter table auth_sessions add column second_factor text`.execute(db);
    },
  },
  '2026-11-27-0900-step-up': {
    async up(db: Kysely<unknown>) {
      // When this sign-in last proved its second factor (or the password, for an admin without one):
      // dangerous actions need it within the last few minutes. The sign-in itself is the first proof.
      await sql`alter table auth_sessions add column factor_confirmed_at timestamptz`.execute(db);
      await sql`update auth_sessions set factor_confirmed_at = created_at`.execute(db);
    },
  },
  '2026-11-27-1100-admin-passkeys': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table admin_passkeys (
          id bigint generated always as identity primary key,
          admin_id bigint not null references admins (id) on delete cascade,
          credential_id text not null constraint admin_passkeys_credential_key unique,
          public_key text not null,
          counter bigint not null default 0,
          transports text[] not null default '{}',
          name text not null,
          created_at timestamptz not null default now(),
          last_used_at timestamptz
        )`.execute(db);
      await sql`create index admin_passkeys_admin_idx on admin_passkeys (admin_id)`.execute(db);
      await sql`
        create table admin_webauthn_challenges (
          challenge text primary key,
          admin_id bigint not null references admins (id) on delete cascade,
          purpose text not null check (purpose in ('register', 'authenticate')),
          expires_at timestamptz not null
        )`.execute(db);
      await sql`create index admin_webauthn_challenges_expires_idx on admin_webauthn_challenges (expires_at)`.execute(
        db,
      );
    },
  },
};

import { type Kysely, type Migration, sql } from 'kysely';

export const notificationMigrations: Record<string, Migration> = {
  '2026-11-21-0200-notification-email': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table smtp_configs (
          id bigint generated always as identity primary key,
          name text not null,
          host text not null,
          port integer not null check (port between 1 and 65535),
          username text,
          password_encrypted text,
          encryption text not null default 'tls' check (encryption in ('none', 'tls', 'ssl')),
          from_address text not null,
          from_name text,
          is_active boolean not null default true,
          is_default boolean not null default false,
          config_json jsonb not null default '{}',
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create unique index smtp_configs_name_key on smtp_configs (lower(name))`.execute(db);
      await sql`create unique index smtp_configs_one_default on smtp_configs (is_default) where is_default`.execute(
        db,
      );

      await sql`
        create table email_queue (
          id bigint generated always as identity primary key,
          priority text not null default 'queue' check (priority in ('main', 'queue')),
          email_to text not null,
          template_name text not null,
          subject text not null,
          body_text text,
          body_html text,
          status text not null default 'pending' check (status in ('pending', 'processing', 'sent', 'failed')),
          attempts integer not null default 0,
          max_attempts integer not null default 5,
          last_error text,
          next_attempt_at timestamptz not null default now(),
          claimed_at timestamptz,
          sent_at timestamptz,
          created_at timestamptz not null default now(),
          updated_at timestamptz not null default now()
        )`.execute(db);
      await sql`create index email_queue_due_idx on email_queue (priority, next_attempt_at) where status = 'pending'`.execute(
        db,
      );
      await sql`create index email_queue_claimed_idx on email_queue (claimed_at) where status = 'processing'`.execute(
        db,
      );
      await sql`create index email_queue_created_idx on email_queue (created_at)`.execute(db);
    },
  },
};

import { type Kysely, type Migration, sql } from 'kysely';
import { trackChanges } from '../../live/migrations.js';
import { finerTextStatistics, trackDayCounts } from '../../resources/migrations.js';
import { notificationDashboardMigrations } from './dashboard/migrations.js';
import { notificationReportMigrations } from './reports/migrations.js';
import {
  ADMIN_INVITATION_SEED,
  MFA_RESET_SEED,
  PASSWORD_RECOVERY_SEED,
  REPORT_DELIVERY_SEED,
  type SystemTemplateSeed,
} from './templates/system-templates.js';

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
  '2026-11-28-0100-queue-trace-parent': {
    async up(db: Kysely<unknown>) {
      // The W3C traceparent of the request that queued a message, so the span of its send links back
      // to that request (issue 23). Null when tracing is off or the message was queued outside a trace.
      await sql`alter table email_queue add column trace_parent text`.execute(db);
    },
  },
  '2026-12-04-0400-queue-private-bodies': {
    async up(db: Kysely<unknown>) {
      // A message whose body is its recipient's only (a mailed report's figures): kept for delivery
      // and retries, never shown in the queue. A constant default: no rewrite of the table.
      await sql`alter table email_queue add column body_private boolean not null default false`.execute(db);
    },
  },
  '2026-11-23-0200-notification-pipeline': {
    async up(db: Kysely<unknown>) {
      await queueAsProduct(db);
      await templatesAndTranslations(db);
      await sql`
        create table notification_idempotency_keys (
          scope text not null,
          key text not null,
          email_id bigint,
          created_at timestamptz not null,
          expires_at timestamptz not null,
          primary key (scope, key)
        )`.execute(db);
      await sql`create index notification_idempotency_expiry_idx on notification_idempotency_keys (expires_at)`.execute(
        db,
      );
    },
  },
  '2026-11-24-0400-notification-channels': {
    async up(db: Kysely<unknown>) {
      await channelConfigs(db);
      await queueChannels(db);
    },
  },
  ...notificationDashboardMigrations,
  ...notificationReportMigrations,
  '2026-11-24-0230-queue-day-counts': {
    async up(db: Kysely<unknown>) {
      // Per day only: a status bucket would put every claim and send of the delivery workers on the
      // same few counter rows. Status + period totals are bounded counts instead.
      await trackDayCounts(db, 'email_queue', 'created_at');
      await finerTextStatistics(db, 'email_queue', ['email_to']);
    },
  },
  '2026-11-27-1000-mfa-reset-template': {
    async up(db: Kysely<unknown>) {
      await seedSystemTemplate(db, MFA_RESET_SEED);
    },
  },
  '2026-11-27-2000-notification-live-changes': {
    async up(db: Kysely<unknown>) {
      // Panels show other administrators' and the delivery worker's changes live (issue 22).
      await trackChanges(db, 'email_queue', 'notification.email-queue');
      await trackChanges(db, 'notification_templates', 'notification.templates');
      await trackChanges(db, 'notification_translations', 'notification.translations');
      await trackChanges(db, 'smtp_configs', 'notification.smtp-configs');
      await trackChanges(db, 'sms_configs', 'notification.sms-configs');
      await trackChanges(db, 'push_configs', 'notification.push-configs');
    },
  },
  '2026-11-28-1000-admin-invitation-template': {
    async up(db: Kysely<unknown>) {
      await seedSystemTemplate(db, ADMIN_INVITATION_SEED);
    },
  },
  '2026-11-28-2000-queue-attachments': {
    async up(db: Kysely<unknown>) {
      // Files a message carries (a scheduled report's CSV, issue 27): [{ filename, contentType, content }].
      await sql`alter table email_queue add column attachments jsonb`.execute(db);
    },
  },
  '2026-11-28-2010-report-delivery-template': {
    async up(db: Kysely<unknown>) {
      await seedSystemTemplate(db, REPORT_DELIVERY_SEED);
    },
  },
};

/** A template the platform sends itself, with its texts; one an operator already made is kept. */
async function seedSystemTemplate(db: Kysely<unknown>, seed: SystemTemplateSeed): Promise<void> {
  await sql`insert into notification_templates (name, type, subject, content, priority, sample_variables)
    values (${seed.template.name}, 'email', ${seed.template.subject}, ${seed.template.content}, 0,
      ${JSON.stringify(seed.template.sample_variables)}::jsonb)
    on conflict do nothing`.execute(db);
  for (const entry of seed.translations) {
    await sql`insert into notification_translations (group_name, key_name, texts)
      values (${entry.group}, ${entry.key}, ${JSON.stringify(entry.texts)}::jsonb)
      on conflict do nothing`.execute(db);
  }
}

/**
 * SMS and push configurations beside SMTP's, with the same rules: one default per kind (a partial
 * unique index), a default is active, a configuration a template names cannot be deleted.
 */
async function channelConfigs(db: Kysely<unknown>): Promise<void> {
  await sql`alter table smtp_configs add column config_secrets_encrypted text,
    add column config_secret_keys text[] not null default '{}'`.execute(db);
  await sql`update smtp_configs set is_default = false where is_default and not is_active`.execute(db);
  await sql`alter table smtp_configs add constraint smtp_configs_default_active
    check (not is_default or is_active)`.execute(db);
  await sql`
    create table sms_configs (
      id bigint generated always as identity primary key,
      name text not null,
      provider text not null check (provider in ('twilio', 'nexmo', 'aws_sns')),
      api_key text,
      api_secret_encrypted text,
      from_number text,
      is_active boolean not null default true,
      is_default boolean not null default false,
      config_json jsonb not null default '{}',
      config_secrets_encrypted text,
      config_secret_keys text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint sms_configs_default_active check (not is_default or is_active)
    )`.execute(db);
  await sql`
    create table push_configs (
      id bigint generated always as identity primary key,
      name text not null,
      provider text not null check (provider in ('fcm', 'firebase', 'apns', 'pusher')),
      server_key_encrypted text,
      app_id text,
      is_active boolean not null default true,
      is_default boolean not null default false,
      config_json jsonb not null default '{}',
      config_secrets_encrypted text,
      config_secret_keys text[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint push_configs_default_active check (not is_default or is_active)
    )`.execute(db);
  for (const table of ['sms_configs', 'push_configs']) {
    await sql`create unique index ${sql.raw(`${table}_name_key`)} on ${sql.table(table)} (lower(name))`.execute(
      db,
    );
    await sql`create unique index ${sql.raw(`${table}_one_default`)} on ${sql.table(table)} (is_default)
      where is_default`.execute(db);
  }
  // A template's configuration cannot vanish under it: deleting one still named is refused.
  await sql`alter table notification_templates drop constraint notification_templates_email_config_id_fkey`.execute(
    db,
  );
  await sql`update notification_templates set sms_config_id = null, push_config_id = null`.execute(db);
  await sql`alter table notification_templates
    add constraint notification_templates_email_config_id_fkey foreign key (email_config_id)
      references smtp_configs (id) on delete restrict,
    add constraint notification_templates_sms_config_id_fkey foreign key (sms_config_id)
      references sms_configs (id) on delete restrict,
    add constraint notification_templates_push_config_id_fkey foreign key (push_config_id)
      references push_configs (id) on delete restrict`.execute(db);
  await sql`create index notification_templates_sms_config_idx on notification_templates (sms_config_id)`.execute(
    db,
  );
  await sql`create index notification_templates_push_config_idx on notification_templates (push_config_id)`.execute(
    db,
  );
}

/**
 * One queue for every channel: `email_to` holds the recipient of the row's channel (an address, an
 * E.164 number, a device token), `subject` a push title. `config_id` is the template's configuration
 * (null: the default one when sent).
 */
async function queueChannels(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_queue
    add column channel text not null default 'email' check (channel in ('email', 'sms', 'push')),
    add column config_id bigint`.execute(db);
  await sql`create index email_queue_channel_created_idx on email_queue (channel, created_at, id)`.execute(
    db,
  );
  await sql`
    create table notification_devices (
      id bigint generated always as identity primary key,
      user_id bigint not null,
      token text not null,
      platform text not null check (platform in ('android', 'ios', 'web')),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index notification_devices_token_key on notification_devices (token)`.execute(db);
  await sql`create index notification_devices_user_idx on notification_devices (user_id)`.execute(db);
}

/** The queue gains a lease, a fixed Message-ID, the template's priority, an attempt log and its list indexes. */
async function queueAsProduct(db: Kysely<unknown>): Promise<void> {
  await sql`alter table email_queue
    add column language text not null default 'uk-UA',
    add column template_priority integer not null default 0,
    add column message_id text,
    add column lease_until timestamptz,
    add column claim_token text`.execute(db);
  await sql`update email_queue set message_id = '<' || gen_random_uuid() || '@pult.local>',
    lease_until = claimed_at + interval '5 minutes'`.execute(db);
  await sql`alter table email_queue alter column message_id set not null`.execute(db);
  await sql`alter table email_queue drop constraint email_queue_status_check`.execute(db);
  await sql`alter table email_queue add constraint email_queue_status_check
    check (status in ('pending', 'processing', 'sent', 'failed', 'cancelled'))`.execute(db);

  await sql`drop index email_queue_due_idx`.execute(db);
  await sql`drop index email_queue_claimed_idx`.execute(db);
  await sql`drop index email_queue_created_idx`.execute(db);
  // The delivery order (main first, then the template's priority, then age) read straight off an index.
  await sql`create index email_queue_claim_idx on email_queue ((priority <> 'main'), template_priority, id)
    where status = 'pending'`.execute(db);
  await sql`create index email_queue_lease_idx on email_queue (lease_until) where status = 'processing'`.execute(
    db,
  );
  // The list: (column, id) for each sortable column, status + period for the usual filter.
  await sql`create index email_queue_created_idx on email_queue (created_at, id)`.execute(db);
  await sql`create index email_queue_status_created_idx on email_queue (status, created_at, id)`.execute(db);
  await sql`create index email_queue_sent_idx on email_queue (sent_at, id)`.execute(db);
  await sql`create index email_queue_email_idx on email_queue (email_to, id)`.execute(db);
  await sql`create index email_queue_template_idx on email_queue (template_name, id)`.execute(db);
  await sql`create index email_queue_attempts_idx on email_queue (attempts, id)`.execute(db);
  if (await hasTrigrams(db)) {
    await sql`create index email_queue_email_trgm_idx on email_queue using gin (email_to gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index email_queue_template_trgm_idx on email_queue using gin (template_name gin_trgm_ops)`.execute(
      db,
    );
    await sql`create index email_queue_error_trgm_idx on email_queue using gin (last_error gin_trgm_ops)
      where last_error is not null`.execute(db);
  }
  await sql`insert into row_counts (table_name, n) select 'email_queue', count(*) from email_queue`.execute(
    db,
  );
  await sql`create trigger email_queue_count_insert after insert on email_queue referencing new table as inserted
    for each statement execute function row_counts_track()`.execute(db);
  await sql`create trigger email_queue_count_delete after delete on email_queue referencing old table as deleted
    for each statement execute function row_counts_track()`.execute(db);
  await sql`create trigger email_queue_count_truncate after truncate on email_queue
    for each statement execute function row_counts_track()`.execute(db);

  await sql`
    create table email_attempts (
      email_id bigint not null references email_queue (id) on delete cascade,
      attempt integer not null,
      started_at timestamptz not null,
      finished_at timestamptz,
      outcome text check (outcome in ('sent', 'failed')),
      error text,
      channel text,
      primary key (email_id, attempt)
    )`.execute(db);
}

async function templatesAndTranslations(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notification_templates (
      id bigint generated always as identity primary key,
      name text not null,
      type text not null check (type in ('email', 'push', 'sms')),
      subject text,
      content text not null,
      -- Empty: the default active configuration of the type. SMS and push configurations arrive later,
      -- with their tables; their references get foreign keys then.
      email_config_id bigint references smtp_configs (id) on delete set null,
      sms_config_id bigint,
      push_config_id bigint,
      priority integer not null default 0 check (priority between 0 and 100),
      is_active boolean not null default true,
      sample_variables jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index notification_templates_name_key on notification_templates (lower(name))`.execute(
    db,
  );
  await sql`create index notification_templates_config_idx on notification_templates (email_config_id)`.execute(
    db,
  );

  await sql`
    create table notification_translations (
      id bigint generated always as identity primary key,
      group_name text not null,
      key_name text not null,
      texts jsonb not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index notification_translations_key on notification_translations (group_name, key_name)`.execute(
    db,
  );

  const seed = PASSWORD_RECOVERY_SEED;
  await sql`insert into notification_templates (name, type, subject, content, priority, sample_variables)
    values (${seed.template.name}, 'email', ${seed.template.subject}, ${seed.template.content}, 0,
      ${JSON.stringify(seed.template.sample_variables)}::jsonb)`.execute(db);
  for (const entry of seed.translations) {
    await sql`insert into notification_translations (group_name, key_name, texts)
      values (${entry.group}, ${entry.key}, ${JSON.stringify(entry.texts)}::jsonb)`.execute(db);
  }
}

async function hasTrigrams(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ installed: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(db);
  return rows[0]?.installed === true;
}

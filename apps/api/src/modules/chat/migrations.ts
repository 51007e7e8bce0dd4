import { type Kysely, type Migration, sql } from 'kysely';
import { trackChanges } from '../../live/migrations.js';
import { chatReportMigrations } from './reports/migrations.js';

export const chatMigrations: Record<string, Migration> = {
  '2026-11-24-0100-chat-tables': {
    async up(db: Kysely<unknown>) {
      await sql`
        create table chat_channels (
          id bigint generated always as identity primary key,
          type text not null check (type in ('group', 'direct')),
          name text,
          url text,
          -- The two members' uids in order: one direct channel per pair, whoever creates it first.
          direct_key text unique,
          created_by_uid uuid not null,
          created_at timestamptz not null default now(),
          -- The channel's event counter: every event (message, deletion, membership) takes the next
          -- number under this row's lock, so numbers follow commit order without gaps.
          last_seq bigint not null default 0,
          last_message_at timestamptz,
          member_count integer not null default 0,
          message_count bigint not null default 0,
          check ((type = 'group') = (url is not null)),
          check ((type = 'direct') = (direct_key is not null))
        )`.execute(db);
      await sql`create unique index chat_channels_url_key on chat_channels (url)`.execute(db);
      for (const column of ['created_at', 'last_message_at', 'member_count', 'message_count']) {
        await sql`create index ${sql.id(`chat_channels_${column}_idx`)} on chat_channels (${sql.ref(column)}, id)`.execute(
          db,
        );
      }
      await sql`create index chat_channels_creator_idx on chat_channels (created_by_uid, id)`.execute(db);

      await sql`
        create table chat_channel_users (
          id bigint generated always as identity primary key,
          channel_id bigint not null references chat_channels (id) on delete cascade,
          user_uid uuid not null,
          role text not null check (role in ('admin', 'moderator', 'user')),
          joined_at timestamptz not null default now(),
          last_read_seq bigint not null default 0,
          unique (channel_id, user_uid)
        )`.execute(db);
      await sql`create index chat_channel_users_user_idx on chat_channel_users (user_uid, channel_id)`.execute(
        db,
      );
      await sql`create index chat_channel_users_joined_idx on chat_channel_users (joined_at, id)`.execute(db);

      await sql`
        create table chat_messages (
          id bigint generated always as identity primary key,
          channel_id bigint not null references chat_channels (id) on delete cascade,
          seq bigint not null,
          sender_uid uuid not null,
          -- A direct channel's other member, so "delete for the recipient" has someone to name.
          peer_id uuid,
          body text not null,
          client_id text,
          created_at timestamptz not null default now(),
          deleted_at timestamptz,
          deleted_by_uid uuid,
          deleted_by_sender boolean not null default false,
          deleted_by_recipient boolean not null default false,
          unique (channel_id, seq)
        )`.execute(db);
      await sql`create unique index chat_messages_client_key on chat_messages (channel_id, sender_uid, client_id)
        where client_id is not null`.execute(db);

      // "Delete for me" by a member of a group who is not the sender.
      await sql`
        create table chat_hidden_messages (
          message_id bigint not null references chat_messages (id) on delete cascade,
          user_uid uuid not null,
          primary key (message_id, user_uid)
        )`.execute(db);

      // The channel's event log: what a reconnecting client missed is read from here by cursor.
      await sql`
        create table chat_events (
          channel_id bigint not null references chat_channels (id) on delete cascade,
          seq bigint not null,
          type text not null,
          data jsonb not null,
          created_at timestamptz not null default now(),
          primary key (channel_id, seq)
        )`.execute(db);
      await sql`create index chat_events_created_idx on chat_events (created_at)`.execute(db);

      // Messages per day, kept by the insert that adds one. One row per channel and day, so writers
      // of different channels never wait on one counter row.
      await sql`
        create table chat_daily_counts (
          day date not null,
          channel_id bigint not null,
          messages bigint not null default 0,
          primary key (day, channel_id)
        )`.execute(db);

      await sql`insert into row_counts (table_name, n) values ('chat_channels', 0), ('chat_channel_users', 0)`.execute(
        db,
      );
      for (const table of ['chat_channels', 'chat_channel_users']) {
        await sql`create trigger ${sql.id(`${table}_count_insert`)} after insert on ${sql.table(table)}
          referencing new table as inserted for each statement execute function row_counts_track()`.execute(
          db,
        );
        await sql`create trigger ${sql.id(`${table}_count_delete`)} after delete on ${sql.table(table)}
          referencing old table as deleted for each statement execute function row_counts_track()`.execute(
          db,
        );
      }
    },
  },
  '2026-11-24-0101-chat-channel-trigrams': {
    async up(db: Kysely<unknown>) {
      // The admin list's "contains" filters on url and name, without a scan of every channel.
      if (!(await hasTrigrams(db))) return;
      for (const column of ['url', 'name']) {
        await sql`create index ${sql.id(`chat_channels_${column}_trgm_idx`)} on chat_channels using gin (${sql.ref(column)} gin_trgm_ops)`.execute(
          db,
        );
      }
    },
  },
  '2026-11-27-2000-chat-live-changes': {
    async up(db: Kysely<unknown>) {
      // The channels list shows changes live (issue 22); messages travel by chat's own sockets.
      await trackChanges(db, 'chat_channels', 'chat.channels');
    },
  },
  ...chatReportMigrations,
};

async function hasTrigrams(db: Kysely<unknown>): Promise<boolean> {
  const { rows } = await sql<{ installed: boolean }>`
    select exists (select 1 from pg_extension where extname = 'pg_trgm') as installed`.execute(db);
  return rows[0]?.installed === true;
}

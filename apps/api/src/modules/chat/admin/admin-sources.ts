import type { ChannelRole, ChannelType } from '@pult/contract';
import {
  type ChannelAdmin,
  type ChannelMessageAdmin,
  type ChannelUserAdmin,
  channelMessagesResource,
  channelsResource,
  channelUsersResource,
} from '@pult/contract';
import { sql } from 'kysely';
import type { ListColumn, ListSource } from '../../../resources/list-sql.js';

const ref = (alias: string, name: string, kind: ListColumn['kind']): ListColumn => ({
  sql: sql.ref(`${alias}.${name}`),
  kind,
});
const uidText = (alias: string, name: string): ListColumn => ({
  sql: sql`${sql.ref(`${alias}.${name}`)}::text`,
  kind: 'text',
});

export interface ChannelUserRow {
  id: number;
  channel_id: number;
  user_uid: string;
  role: ChannelRole;
  joined_at: Date;
  channel_name: string | null;
  channel_url: string | null;
  direct_key: string | null;
}

/** Names are filled in afterwards from the user directory (auth's tables are not ours to join). */
export type Unnamed<T, K extends keyof T> = Omit<T, K> & { [P in K]: string };

export const channelUserSource: ListSource<ChannelUserRow, ChannelUserRow> = {
  descriptor: channelUsersResource,
  table: 'chat_channel_users',
  alias: 'cu',
  joins: sql`join chat_channels c on c.id = cu.channel_id`,
  select: sql`cu.id, cu.channel_id, cu.user_uid::text as user_uid, cu.role, cu.joined_at,
    c.name as channel_name, c.url as channel_url, c.direct_key`,
  columns: {
    id: ref('cu', 'id', 'integer'),
    channel_id: ref('cu', 'channel_id', 'integer'),
    user_uid: uidText('cu', 'user_uid'),
    role: ref('cu', 'role', 'text'),
    joined_at: ref('cu', 'joined_at', 'timestamp'),
  },
  key: 'id',
  toItem: (row) => row,
  countedTable: 'chat_channel_users',
};

export interface ChannelAdminRow {
  id: number;
  type: ChannelType;
  name: string | null;
  url: string | null;
  direct_key: string | null;
  created_by_uid: string;
  created_at: Date;
  member_count: number;
  message_count: number;
  last_message_at: Date | null;
}

export const channelSource: ListSource<ChannelAdminRow, ChannelAdminRow> = {
  descriptor: channelsResource,
  table: 'chat_channels',
  alias: 'c',
  select: sql`c.id, c.type, c.name, c.url, c.direct_key, c.created_by_uid::text as created_by_uid, c.created_at,
    c.member_count, c.message_count, c.last_message_at`,
  columns: {
    id: ref('c', 'id', 'integer'),
    url: ref('c', 'url', 'text'),
    name: ref('c', 'name', 'text'),
    type: ref('c', 'type', 'text'),
    created_by_uid: uidText('c', 'created_by_uid'),
    created_at: ref('c', 'created_at', 'timestamp'),
    member_count: ref('c', 'member_count', 'integer'),
    message_count: ref('c', 'message_count', 'integer'),
    last_message_at: ref('c', 'last_message_at', 'timestamp'),
  },
  key: 'id',
  toItem: (row) => row,
  countedTable: 'chat_channels',
};

export interface MessageAdminRow {
  id: number;
  seq: number;
  sender_uid: string;
  peer_id: string | null;
  body: string;
  created_at: Date;
  deleted: boolean;
  deleted_by_sender: boolean;
  deleted_by_recipient: boolean;
}

export function channelMessageSource(channelId: number): ListSource<MessageAdminRow, MessageAdminRow> {
  return {
    descriptor: channelMessagesResource(channelId),
    table: 'chat_messages',
    alias: 'm',
    select: sql`m.id, m.seq, m.sender_uid::text as sender_uid, m.peer_id::text as peer_id, m.body, m.created_at,
      m.deleted_at is not null as deleted, m.deleted_by_sender, m.deleted_by_recipient`,
    columns: {
      seq: ref('m', 'seq', 'integer'),
      created_at: ref('m', 'created_at', 'timestamp'),
      sender_uid: uidText('m', 'sender_uid'),
      body: ref('m', 'body', 'text'),
      deleted: { sql: sql`(m.deleted_at is not null)`, kind: 'boolean' },
    },
    key: 'id',
    toItem: (row) => row,
    scope: sql`m.channel_id = ${channelId}`,
  };
}

export type { ChannelAdmin, ChannelMessageAdmin, ChannelUserAdmin };

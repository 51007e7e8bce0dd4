import type { ChannelRole, ChannelType } from '@pult/contract';
import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface ChatChannelsTable {
  id: Generated<number>;
  type: ChannelType;
  name: string | null;
  url: string | null;
  direct_key: string | null;
  created_by_uid: string;
  created_at: Timestamp;
  last_seq: Generated<number>;
  last_message_at: Date | null;
  member_count: Generated<number>;
  message_count: Generated<number>;
}

export interface ChatChannelUsersTable {
  id: Generated<number>;
  channel_id: number;
  user_uid: string;
  role: ChannelRole;
  joined_at: Timestamp;
  last_read_seq: Generated<number>;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  channel_id: number;
  seq: number;
  sender_uid: string;
  peer_id: string | null;
  body: string;
  client_id: string | null;
  created_at: Timestamp;
  deleted_at: Date | null;
  deleted_by_uid: string | null;
  deleted_by_sender: Generated<boolean>;
  deleted_by_recipient: Generated<boolean>;
}

export interface ChatHiddenMessagesTable {
  message_id: number;
  user_uid: string;
}

export interface ChatEventsTable {
  channel_id: number;
  seq: number;
  type: string;
  data: JSONColumnType<Record<string, unknown>>;
  created_at: Timestamp;
}

export interface ChatDailyCountsTable {
  day: string;
  channel_id: number;
  messages: number;
}

export interface ChatTables {
  chat_channels: ChatChannelsTable;
  chat_channel_users: ChatChannelUsersTable;
  chat_messages: ChatMessagesTable;
  chat_hidden_messages: ChatHiddenMessagesTable;
  chat_events: ChatEventsTable;
  chat_daily_counts: ChatDailyCountsTable;
}

import { z } from 'zod';
import { createdAtColumn, dateColumn, idColumn, optionColumn, textColumn } from '../resources/columns.js';
import type { FieldDescriptor, ResourceDescriptor, SelectOption } from '../resources/descriptor.js';
import { oneOf } from '../resources/fields.js';
import { CHANNEL_ROLES, CHANNEL_TYPES } from './channels.js';

/** The chat's administration (`chat/users`, `chat/channels`, spec §2–§3). */
export const ROLE_OPTIONS: readonly SelectOption[] = CHANNEL_ROLES.map((value) => ({
  value,
  label: `chat.role.${value}`,
}));
export const TYPE_OPTIONS: readonly SelectOption[] = CHANNEL_TYPES.map((value) => ({
  value,
  label: `chat.type.${value}`,
}));

const numberColumn = (name: string, filtered = true): FieldDescriptor => ({
  name,
  label: `chat.fields.${name}`,
  sortable: true,
  ...(filtered ? { filter: { type: 'number' } as const } : {}),
  display: { kind: 'text' },
});

/** A platform user's uid, filtered by (part of) the uid and shown by the name the item carries. */
const userColumn = (name: string, nameField: string): FieldDescriptor => ({
  name,
  label: `chat.fields.${name}`,
  sortable: false,
  filter: { type: 'text' },
  display: { kind: 'reference', field: nameField },
});

export const channelUserAdminSchema = z.object({
  id: z.number().int(),
  channel_id: z.number().int(),
  channel_label: z.string(),
  user_uid: z.string(),
  /** "First Last <e-mail>", or the uid when the account no longer exists. */
  user_label: z.string(),
  role: z.enum(CHANNEL_ROLES),
  joined_at: z.string(),
});
export type ChannelUserAdmin = z.infer<typeof channelUserAdminSchema>;

export const channelUsersResource: ResourceDescriptor = {
  name: 'chatChannelUsers',
  service: 'chat',
  path: '/admin/channel-users',
  fields: [
    { ...idColumn(), label: 'chat.fields.chat_channel_user_id' },
    { ...numberColumn('channel_id'), display: { kind: 'reference', field: 'channel_label' } },
    userColumn('user_uid', 'user_label'),
    optionColumn('role', 'chat.fields.role', ROLE_OPTIONS, true),
    dateColumn('joined_at', 'chat.fields.joined_at', 'datetime'),
  ],
  defaultSort: '-joined_at',
};

export const channelUserRoleSchema = z.strictObject({ role: oneOf(CHANNEL_ROLES) });

export const channelAdminSchema = z.object({
  id: z.number().int(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string().nullable(),
  url: z.string().nullable(),
  /** The name shown in lists: the group's name, or the direct channel's two members. */
  label: z.string(),
  created_by_uid: z.string(),
  created_by_label: z.string(),
  created_at: z.string(),
  member_count: z.number().int(),
  message_count: z.number().int(),
  last_message_at: z.string().nullable(),
});
export type ChannelAdmin = z.infer<typeof channelAdminSchema>;

export const channelsResource: ResourceDescriptor = {
  name: 'chatChannels',
  service: 'chat',
  path: '/admin/channels',
  fields: [
    idColumn(),
    textColumn('url', 'chat.fields.url'),
    textColumn('name', 'chat.fields.name'),
    optionColumn('type', 'chat.fields.type', TYPE_OPTIONS, true),
    userColumn('created_by_uid', 'created_by_label'),
    { ...createdAtColumn(), label: 'chat.fields.created' },
    numberColumn('member_count'),
    numberColumn('message_count'),
    dateColumn('last_message_at', 'chat.fields.last_message_at', 'datetime'),
  ],
  defaultSort: '-created_at',
};

export const channelMessageAdminSchema = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  sender_uid: z.string(),
  sender_label: z.string(),
  peer_id: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
  deleted: z.boolean(),
  deleted_by_sender: z.boolean(),
  deleted_by_recipient: z.boolean(),
});
export type ChannelMessageAdmin = z.infer<typeof channelMessageAdminSchema>;

/** One channel's messages for moderation, newest first; the path names the channel. */
export const channelMessagesResource = (channelId: number): ResourceDescriptor => ({
  // Per channel: the panel's cache keys lists by name and query, not by path.
  name: `chatChannelMessages:${channelId}`,
  service: 'chat',
  path: `/admin/channels/${channelId}/messages`,
  fields: [
    { ...numberColumn('seq', false), label: 'chat.fields.seq' },
    { ...createdAtColumn(), label: 'chat.fields.sent' },
    userColumn('sender_uid', 'sender_label'),
    textColumn('body', 'chat.fields.body', false),
    {
      name: 'deleted',
      label: 'chat.fields.deleted',
      sortable: false,
      filter: {
        type: 'select',
        options: [
          { value: true, label: 'common.yes' },
          { value: false, label: 'common.no' },
        ],
      },
      display: { kind: 'boolean' },
    },
    {
      name: 'deleted_by_sender',
      label: 'chat.fields.deleted_by_sender',
      sortable: false,
      display: { kind: 'boolean' },
    },
    {
      name: 'deleted_by_recipient',
      label: 'chat.fields.deleted_by_recipient',
      sortable: false,
      display: { kind: 'boolean' },
    },
  ],
  defaultSort: '-seq',
});

/** `?confirm_messages=N&confirm_members=M`: the counts the administrator saw and agreed to delete. */
export const channelDeleteQuerySchema = z.strictObject({
  confirm_messages: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'invalidValue' })
    .transform(Number)
    .optional(),
  confirm_members: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'invalidValue' })
    .transform(Number)
    .optional(),
});

import { z } from 'zod';
import { oneOf, requiredText } from '../resources/fields.js';

/** Chat channels and their members (spec §3, §6): the platform users' API under `/chat/rest/v1`. */
export const CHANNEL_TYPES = ['group', 'direct'] as const;
export type ChannelType = (typeof CHANNEL_TYPES)[number];
export const CHANNEL_ROLES = ['admin', 'moderator', 'user'] as const;
export type ChannelRole = (typeof CHANNEL_ROLES)[number];

/** A channel's address: lower-case letters, digits and dashes, 3–64, no dash at either end. */
export const CHANNEL_URL_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,62})[a-z0-9]$/;
export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGE_PAGE = { default: 50, max: 100 } as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const uidField = z
  .string({ error: 'required' })
  .trim()
  .regex(UUID, { error: 'uidInvalid' })
  .transform((value) => value.toLowerCase());

export const channelCreateSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('group'),
      name: requiredText(100),
      url: z
        .string({ error: 'required' })
        .trim()
        .toLowerCase()
        .regex(CHANNEL_URL_PATTERN, { error: 'channelUrlInvalid' }),
      /** Other users to add as plain members at once. */
      member_uids: z.array(uidField, { error: 'invalidValue' }).max(100, { error: 'tooLong' }).optional(),
    }),
    z.strictObject({ type: z.literal('direct'), peer_id: uidField }),
  ],
  { error: 'channelTypeInvalid' },
);
export type ChannelCreate = z.infer<typeof channelCreateSchema>;

export const chatMessageSchema = z.object({
  id: z.number().int(),
  channel_id: z.number().int(),
  /** The message's place in its channel's event order; also its cursor. */
  seq: z.number().int(),
  sender_uid: z.string(),
  peer_id: z.string().nullable(),
  /** Empty once deleted for everyone. */
  body: z.string(),
  client_id: z.string().nullable(),
  created_at: z.string(),
  deleted: z.boolean(),
  deleted_by_sender: z.boolean(),
  deleted_by_recipient: z.boolean(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const channelSchema = z.object({
  id: z.number().int(),
  type: z.enum(CHANNEL_TYPES),
  name: z.string().nullable(),
  url: z.string().nullable(),
  created_by_uid: z.string(),
  created_at: z.string(),
  /** The channel's last event number: a client that saw it has missed nothing. */
  last_seq: z.number().int(),
  member_count: z.number().int(),
  /** The caller's role, and (direct channels) the other member. */
  role: z.enum(CHANNEL_ROLES),
  peer_id: z.string().nullable(),
  unread_count: z.number().int(),
  last_message: chatMessageSchema.nullable(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelListSchema = z.object({ items: z.array(channelSchema) });

export const memberSchema = z.object({
  chat_channel_user_id: z.number().int(),
  channel_id: z.number().int(),
  user_uid: z.string(),
  role: z.enum(CHANNEL_ROLES),
  joined_at: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});
export type ChannelMember = z.infer<typeof memberSchema>;
export const memberListSchema = z.object({ items: z.array(memberSchema) });

export const memberAddSchema = z.strictObject({
  user_uid: uidField,
  role: oneOf(CHANNEL_ROLES).optional(),
});
export const roleUpdateSchema = z.strictObject({ role: oneOf(CHANNEL_ROLES) });
export const leaveSchema = z.strictObject({
  /** Required of the last admin while others remain: who becomes admin instead. */
  successor_uid: uidField.optional(),
});

export const messageCreateSchema = z.strictObject({
  body: z
    .string({ error: 'required' })
    .refine((value) => value.trim().length > 0, { error: 'required' })
    .refine((value) => value.length <= MESSAGE_MAX_LENGTH, { error: 'messageTooLong' })
    .refine((value) => !value.includes('\u0000'), { error: 'invalidValue' }),
  /** The client's own id for this message: a retry with the same id does not post it twice. */
  client_id: z
    .string({ error: 'invalidValue' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'clientIdInvalid' })
    .optional(),
});

const seqParam = z
  .string()
  .regex(/^\d{1,15}$/, { error: 'invalidValue' })
  .transform(Number);

export const messagePageQuerySchema = z.strictObject({
  /** A cursor from `next_cursor`: messages before it (older), newest first. */
  before: seqParam.optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, { error: 'invalidValue' })
    .transform(Number)
    .refine((value) => value >= 1 && value <= MESSAGE_PAGE.max, { error: 'invalidValue' })
    .optional(),
});

export const messagePageSchema = z.object({
  items: z.array(chatMessageSchema),
  /** Pass as `before` for the next (older) page; null at the first message. */
  next_cursor: z.string().nullable(),
});

export const messageDeleteQuerySchema = z.strictObject({
  scope: z.enum(['me', 'everyone'], { error: 'invalidOption' }),
});

export const markReadSchema = z.strictObject({
  seq: z.number({ error: 'invalidValue' }).int({ error: 'invalidValue' }).min(0, { error: 'invalidValue' }),
});

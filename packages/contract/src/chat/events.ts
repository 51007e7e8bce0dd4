import { z } from 'zod';

/**
 * What the chat WebSocket (`/chat/rest/v1/ws`) sends and accepts. Every event of a channel carries
 * the channel's next `seq`, so a client sees a gap, and reconnecting with its last `seq` per
 * channel (`cursors`) replays what it missed.
 */
export const CHAT_EVENT_TYPES = [
  'message.created',
  'message.deleted',
  'member.added',
  'member.removed',
  'member.role_changed',
  'channel.deleted',
] as const;
export type ChatEventType = (typeof CHAT_EVENT_TYPES)[number];

export interface ChatEvent {
  type: ChatEventType;
  channel_id: number;
  seq: number;
  data: Record<string, unknown>;
}

/** Client → server. The first frame must be `auth`. */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('auth'),
    token: z.string().min(1).max(4096),
    /** channel id → the last seq seen there: what came after is sent before anything new. */
    cursors: z.record(z.string().regex(/^\d{1,15}$/), z.number().int().min(0)).optional(),
  }),
  /** A renewed access token, so the socket outlives the one it was opened with. */
  z.strictObject({ type: z.literal('reauth'), token: z.string().min(1).max(4096) }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

/** Close codes of the chat socket (4000–4999 are the application's). */
export const CHAT_CLOSE = {
  unauthorized: 4001,
  sessionEnded: 4002,
  tooSlow: 4008,
  badFrame: 4400,
} as const;

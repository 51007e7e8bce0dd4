import { tokenPairSchema } from '@pult/contract';
import { z } from 'zod';
import { SESSION_CHANNEL_NAME } from './session-channel-name';
import type { SessionTokens } from './token-store';

/** The part of a BroadcastChannel the session manager uses; tests pass in-memory pairs. */
export interface SessionChannel {
  postMessage(message: unknown): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  close(): void;
}

export type SessionMessage = { type: 'tokens'; tokens: SessionTokens } | { type: 'logout' };

// Derived from the contract's pair: the panel may not know the refresh expiry (see token-store).
const sessionTokensSchema = tokenPairSchema.extend({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  refresh_expired_at: z.number().int().nullable(),
});

const sessionMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tokens'), tokens: sessionTokensSchema }),
  z.object({ type: z.literal('logout') }),
]);

/** Other tabs may run an older or newer build, so their messages are checked, never trusted. */
export function parseSessionMessage(data: unknown): SessionMessage | null {
  const parsed = sessionMessageSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

type ChannelFactory = (name: string) => BroadcastChannel;

/**
 * Opens the cross-tab channel, or returns undefined where BroadcastChannel does not exist (old
 * browsers, some test environments): the session then simply works per tab.
 */
export function openSessionChannel(factory?: ChannelFactory): SessionChannel | undefined {
  const create = factory ?? defaultFactory();
  if (!create) return undefined;
  const channel = create(SESSION_CHANNEL_NAME);
  const wrapper: SessionChannel = {
    postMessage(message) {
      channel.postMessage(message);
    },
    onmessage: null,
    close() {
      channel.onmessage = null;
      channel.close();
    },
  };
  // The DOM handler receives a MessageEvent; the session only needs `data`.
  channel.onmessage = (event) => wrapper.onmessage?.({ data: event.data });
  return wrapper;
}

function defaultFactory(): ChannelFactory | undefined {
  if (typeof BroadcastChannel === 'undefined') return undefined;
  return (name) => new BroadcastChannel(name);
}

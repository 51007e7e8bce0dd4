import type { TokenPair } from '@pult/contract';
import type { Root } from 'react-dom/client';
import { loadPanel } from '../app/load-panel';
import { SIGNED_IN_PATH } from '../app/public-paths';
import { SESSION_CHANNEL_NAME } from '../session/session-channel-name';
import { hasLiveSession } from '../session/token-store';

/**
 * Replaces the public screens with the panel on `SIGNED_IN_PATH`, signed in with `tokens` or with what
 * storage holds. The panel's session manager then owns the session (spec §4) as after any start.
 */
export async function openPanel(root: Root, tokens?: TokenPair): Promise<void> {
  const start = await loadPanel();
  root.unmount();
  await start(tokens ? { tokens, path: SIGNED_IN_PATH } : { path: SIGNED_IN_PATH });
}

/** Calls `onSignedIn` when another tab signs in, so this tab's sign-in screen follows it. */
export function followOtherTabs(onSignedIn: () => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(SESSION_CHANNEL_NAME);
  // Only the kind of message matters: the panel reads the tokens from storage and checks them itself.
  // A message alone is not a session: only tokens this tab can read (the same storage) hand over.
  channel.onmessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === 'tokens' && hasLiveSession(window.localStorage))
      onSignedIn();
  };
  return () => channel.close();
}

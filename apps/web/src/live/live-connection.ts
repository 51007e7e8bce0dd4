import { createLiveClient, type LiveSession } from './live-client';
import { createLiveHub, type LiveHub } from './live-hub';

export interface LiveConnectionDeps {
  url: string;
  /** The tab's session manager: the stream is open exactly while the tab is signed in. */
  session: LiveSession & {
    isSignedIn(): boolean;
    subscribe(listener: (signedIn: boolean) => void): () => void;
  };
  getLocale: () => string;
  fetchFn?: typeof fetch;
  /** The reader's access may have changed: reload the permissions (the stream reconnects by itself). */
  onAccess?: () => void;
  /** Whether the tab is seen (the document's visibility by default). */
  visibility?: TabVisibility;
}

export interface TabVisibility {
  isVisible(): boolean;
  subscribe(listener: () => void): () => void;
}

/**
 * How long a hidden tab keeps its stream. A browser opens at most six HTTP/1.1 connections to a
 * host, and every open stream holds one: tabs left in the background give theirs up, so a seventh
 * tab can still load, and resume from their cursor when seen again (what they missed is replayed,
 * or, past the replay window, their lists offer to reload).
 */
export const HIDDEN_TAB_GRACE_MS = 60_000;

const documentVisibility: TabVisibility = {
  isVisible: () => typeof document === 'undefined' || document.visibilityState !== 'hidden',
  subscribe(listener) {
    if (typeof document === 'undefined') return () => undefined;
    document.addEventListener('visibilitychange', listener);
    return () => document.removeEventListener('visibilitychange', listener);
  },
};

export interface LiveConnection {
  hub: LiveHub;
  /** Closes the stream and stops following the session (the shell unmounts). */
  dispose(): void;
}

/**
 * The tab's one stream, following the session: opened while signed in, closed on sign-out (here or in
 * another tab), opened again on the next sign-in with no cursor of the previous administrator's; and
 * following the tab's visibility: given up a minute after the tab is hidden, resumed when it is seen.
 */
export function createLiveConnection(deps: LiveConnectionDeps): LiveConnection {
  const hub = createLiveHub();
  const client = createLiveClient({
    url: deps.url,
    session: deps.session,
    getLocale: deps.getLocale,
    fetchFn: deps.fetchFn,
    onChange: (change) => hub.publishChange(change),
    onReset: () => hub.publishReset(),
    onAccess: deps.onAccess,
    onStatus: (status) => hub.setStatus(status),
  });
  const visibility = deps.visibility ?? documentVisibility;
  let hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  const follow = () => {
    clearTimeout(hiddenTimer);
    hiddenTimer = undefined;
    if (!deps.session.isSignedIn()) client.stop();
    else if (visibility.isVisible()) client.start();
    else hiddenTimer = setTimeout(() => client.pause(), HIDDEN_TAB_GRACE_MS);
  };
  const unsubscribeSession = deps.session.subscribe(follow);
  const unsubscribeVisibility = visibility.subscribe(follow);
  follow();
  return {
    hub,
    dispose() {
      unsubscribeSession();
      unsubscribeVisibility();
      clearTimeout(hiddenTimer);
      client.stop();
    },
  };
}

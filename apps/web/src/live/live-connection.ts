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
}

export interface LiveConnection {
  hub: LiveHub;
  /** Closes the stream and stops following the session (the shell unmounts). */
  dispose(): void;
}

/**
 * The tab's one stream, following the session: opened while signed in, closed on sign-out (here or in
 * another tab), opened again on the next sign-in with no cursor of the previous administrator's.
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
  const follow = (signedIn: boolean) => (signedIn ? client.start() : client.stop());
  const unsubscribe = deps.session.subscribe(follow);
  follow(deps.session.isSignedIn());
  return {
    hub,
    dispose() {
      unsubscribe();
      client.stop();
    },
  };
}

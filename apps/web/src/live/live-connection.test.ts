import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from './live-client.test-support';
import { createLiveConnection } from './live-connection';

function fakeSession(signedIn: boolean) {
  const listeners = new Set<(signedIn: boolean) => void>();
  let state = signedIn;
  return {
    getAccessToken: () => (state ? 'token' : null),
    ensureFreshToken: async () => undefined,
    forceRenew: async () => true,
    isSignedIn: () => state,
    subscribe(listener: (signedIn: boolean) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: boolean) {
      state = next;
      for (const listener of listeners) listener(next);
    },
  };
}

describe('createLiveConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the stream while signed in, closes it on sign-out, and delivers changes to the hub', async () => {
    const fetch = fakeFetch();
    const session = fakeSession(true);
    const connection = createLiveConnection({
      url: 'https://auth.test/admin/events',
      session,
      getLocale: () => 'en-US',
      fetchFn: fetch.fetchFn,
    });
    const seen = vi.fn();
    connection.hub.subscribe('auth.users', seen);
    await vi.advanceTimersByTimeAsync(0);
    const stream = fetch.openStream();
    await vi.advanceTimersByTimeAsync(0);
    expect(connection.hub.status()).toBe('open');
    stream.push(
      `id: 1\nevent: change\ndata: ${JSON.stringify({
        resource: 'auth.users',
        id: '4',
        op: 'delete',
        version: null,
        actor: null,
        at: '2026-11-26T12:00:00.000Z',
      })}\n\n`,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(seen).toHaveBeenCalledTimes(1);
    session.set(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.cancelled()).toBe(true);
    expect(connection.hub.status()).toBe('idle');
    session.set(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toHaveLength(2);
    connection.dispose();
    await vi.advanceTimersByTimeAsync(0);
    session.set(true);
    expect(fetch.calls).toHaveLength(2);
  });

  it('does not open anything for a signed-out tab', async () => {
    const fetch = fakeFetch();
    createLiveConnection({
      url: 'https://auth.test/admin/events',
      session: fakeSession(false),
      getLocale: () => 'en-US',
      fetchFn: fetch.fetchFn,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toHaveLength(0);
  });
});

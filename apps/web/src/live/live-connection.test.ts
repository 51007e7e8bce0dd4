import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from './live-client.test-support';
import { createLiveConnection, HIDDEN_TAB_GRACE_MS } from './live-connection';

function fakeSession(signedIn: boolean) {
  const listeners = new Set<(signedIn: boolean) => void>();
  let state = signedIn;
  return {
    getAccessToken: () => (state ? 'token' : null),
    ensureFreshToken: async () => undefined,
    forceRenew: async () => 'renewed' as const,
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

  it('gives the stream up a minute after the tab is hidden and resumes from its cursor when seen', async () => {
    const fetch = fakeFetch();
    const listeners = new Set<() => void>();
    let visible = true;
    const setVisible = (next: boolean) => {
      visible = next;
      for (const listener of listeners) listener();
    };
    const connection = createLiveConnection({
      url: 'https://auth.test/admin/events',
      session: fakeSession(true),
      getLocale: () => 'en-US',
      fetchFn: fetch.fetchFn,
      visibility: {
        isVisible: () => visible,
        subscribe(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = fetch.openStream();
    await vi.advanceTimersByTimeAsync(0);
    first.push('id: 7.3\n\n');
    await vi.advanceTimersByTimeAsync(0);
    const half = HIDDEN_TAB_GRACE_MS / 2;
    setVisible(false);
    await vi.advanceTimersByTimeAsync(half);
    first.push(': heartbeat\n\n');
    // Seen again within the minute: the minute starts over when it is hidden again.
    setVisible(true);
    setVisible(false);
    await vi.advanceTimersByTimeAsync(half);
    first.push(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(0);
    expect(first.cancelled()).toBe(false);
    await vi.advanceTimersByTimeAsync(half + 1_000);
    expect(first.cancelled()).toBe(true);
    expect(connection.hub.status()).toBe('idle');
    setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetch.calls).toHaveLength(2);
    expect(fetch.calls[1]?.headers['Last-Event-ID']).toBe('7.3');
    connection.dispose();
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

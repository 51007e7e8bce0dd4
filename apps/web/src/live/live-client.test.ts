import type { LiveChange } from '@pult/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  createLiveClient,
  IDLE_TIMEOUT_MS,
  type LiveStatus,
} from './live-client';
import { fakeFetch } from './live-client.test-support';

const URL = 'https://auth.test/admin/events';

function change(id: string, version = 'W/"5"'): LiveChange {
  return {
    resource: 'auth.users',
    id,
    op: 'update',
    version,
    actor: { id: 2, name: 'Emily Carter' },
    at: '2026-11-26T12:00:00.000Z',
  };
}

function frame(cursor: number, body: LiveChange): string {
  return `id: ${cursor}\nevent: change\ndata: ${JSON.stringify(body)}\n\n`;
}

function setup(options: { renew?: boolean } = {}) {
  const fetch = fakeFetch();
  let token = 'token-1';
  const session = {
    getAccessToken: vi.fn(() => token as string | null),
    ensureFreshToken: vi.fn(async () => undefined),
    forceRenew: vi.fn(async () => {
      if (options.renew === false) return 'refused' as const;
      token = `token-${Number(token.split('-')[1]) + 1}`;
      return 'renewed' as const;
    }),
  };
  const changes: LiveChange[] = [];
  const statuses: LiveStatus[] = [];
  const onReset = vi.fn();
  const onAccess = vi.fn();
  const client = createLiveClient({
    url: URL,
    session,
    getLocale: () => 'uk-UA',
    fetchFn: fetch.fetchFn,
    onChange: (item) => changes.push(item),
    onReset,
    onAccess,
    onStatus: (status) => statuses.push(status),
    random: () => 0.5,
    logger: { warn: () => undefined },
  });
  return {
    fetch,
    session,
    client,
    changes,
    statuses,
    onReset,
    onAccess,
    setToken: (next: string | null) => {
      token = next as string;
    },
  };
}

/** Lets promises and stream reads settle without moving the clock. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('backoffDelay', () => {
  it('starts at 1 s, doubles, and stops at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map((n) => backoffDelay(n))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    expect(backoffDelay(1, () => 0)).toBe(800);
    expect(backoffDelay(20, () => 0.999)).toBeLessThanOrEqual(BACKOFF_MAX_MS * 1.2);
  });
});

describe('createLiveClient', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends the token in Authorization (not the URL) and hands over parsed changes', async () => {
    const t = setup();
    t.client.start();
    await settle();
    expect(t.fetch.calls).toHaveLength(1);
    const call = t.fetch.calls[0]!;
    expect(call.url).toBe(URL);
    expect(call.headers.Authorization).toBe('Bearer token-1');
    expect(call.headers.Accept).toBe('text/event-stream');
    expect(call.headers.Lang).toBe('uk-UA');
    expect(call.headers['Last-Event-ID']).toBeUndefined();
    const stream = t.fetch.openStream();
    await settle();
    expect(t.client.status()).toBe('open');
    stream.push(`: heartbeat\n\n${frame(10, change('1'))}`);
    stream.push(frame(11, change('2')).slice(0, 20));
    await settle();
    expect(t.changes.map((item) => item.id)).toEqual(['1']);
    stream.push(frame(11, change('2')).slice(20));
    await settle();
    expect(t.changes.map((item) => item.id)).toEqual(['1', '2']);
    t.client.stop();
  });

  it('passes a reset on, and skips frames that do not match the contract', async () => {
    const t = setup();
    t.client.start();
    await settle();
    const stream = t.fetch.openStream();
    stream.push('id: 3\nevent: change\ndata: {"resource":1}\n\nid: 4\nevent: change\ndata: nope\n\n');
    stream.push('event: reset\ndata: {}\n\n');
    await settle();
    expect(t.changes).toEqual([]);
    expect(t.onReset).toHaveBeenCalledTimes(1);
    t.client.stop();
  });

  it('reloads the permissions on an access frame, then reconnects when the server ends the stream', async () => {
    const t = setup();
    t.client.start();
    await settle();
    const stream = t.fetch.openStream();
    await vi.advanceTimersByTimeAsync(10_000);
    stream.push('id: 12\nevent: access\ndata: {}\n\n');
    stream.close();
    await settle();
    expect(t.onAccess).toHaveBeenCalledTimes(1);
    expect(t.fetch.calls).toHaveLength(2);
    expect(t.fetch.calls[1]!.headers['Last-Event-ID']).toBe('12');
    t.client.stop();
  });

  it('reconnects at once when a healthy stream ends, with a fresh token and Last-Event-ID', async () => {
    const t = setup();
    t.client.start();
    await settle();
    const stream = t.fetch.openStream();
    stream.push(frame(41, change('1')));
    await vi.advanceTimersByTimeAsync(20_000);
    stream.push(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(20_000);
    // The token expired and the server ended the stream; the session renewed meanwhile.
    t.setToken('token-9');
    stream.close();
    await settle();
    expect(t.fetch.calls).toHaveLength(2);
    expect(t.session.ensureFreshToken).toHaveBeenCalledTimes(2);
    expect(t.fetch.calls[1]!.headers.Authorization).toBe('Bearer token-9');
    expect(t.fetch.calls[1]!.headers['Last-Event-ID']).toBe('41');
    t.client.stop();
  });

  it('backs off 1 s doubling to 30 s on errors, and starts over after a successful open', async () => {
    const t = setup();
    t.client.start();
    await settle();
    const delays: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      t.fetch.fail();
      await settle();
      expect(t.client.status()).toBe('waiting');
      const before = t.fetch.calls.length;
      let waited = 0;
      while (t.fetch.calls.length === before) {
        await vi.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    const stream = t.fetch.openStream();
    await vi.advanceTimersByTimeAsync(10_000);
    stream.fail();
    await settle();
    // The long-lived stream reset the count: the dropped connection is retried at once.
    expect(t.fetch.calls).toHaveLength(9);
    t.fetch.fail();
    await vi.advanceTimersByTimeAsync(999);
    expect(t.fetch.calls).toHaveLength(9);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.fetch.calls).toHaveLength(10);
    t.client.stop();
  });

  it('does not hammer a server that closes every stream right after opening it', async () => {
    const t = setup();
    t.client.start();
    await settle();
    t.fetch.openStream().close();
    await settle();
    expect(t.fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.fetch.calls).toHaveLength(2);
    t.client.stop();
  });

  it('renews the session on a 401 and reconnects with the new token', async () => {
    const t = setup();
    t.client.start();
    await settle();
    t.fetch.openStream({ status: 401, contentType: 'application/json' });
    await settle();
    expect(t.session.forceRenew).toHaveBeenCalledTimes(1);
    expect(t.fetch.calls).toHaveLength(2);
    expect(t.fetch.calls[1]!.headers.Authorization).toBe('Bearer token-2');
    // A second 401 in a row is not renewed again at once: it waits like any failure.
    t.fetch.openStream({ status: 401, contentType: 'application/json' });
    await settle();
    expect(t.session.forceRenew).toHaveBeenCalledTimes(1);
    expect(t.client.status()).toBe('waiting');
    t.client.stop();
  });

  it('waits after a 401 the session could not cure', async () => {
    const t = setup({ renew: false });
    t.client.start();
    await settle();
    t.fetch.openStream({ status: 401, contentType: 'application/json' });
    await settle();
    expect(t.fetch.calls).toHaveLength(1);
    expect(t.client.status()).toBe('waiting');
    t.client.stop();
  });

  it('stops for good on a 403', async () => {
    const t = setup();
    t.client.start();
    await settle();
    t.fetch.openStream({ status: 403, contentType: 'application/json' });
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(t.fetch.calls).toHaveLength(1);
    expect(t.client.status()).toBe('forbidden');
  });

  it('treats an answer that is not an event stream (a server without it) as a failure', async () => {
    const t = setup();
    t.client.start();
    await settle();
    const html = t.fetch.openStream({ contentType: 'text/html' });
    await settle();
    expect(html.cancelled()).toBe(true);
    expect(t.client.status()).toBe('waiting');
    t.client.stop();
  });

  it('reconnects when nothing, not even a heartbeat, arrives for 45 s', async () => {
    const t = setup();
    t.client.start();
    await settle();
    const stream = t.fetch.openStream();
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1000);
    stream.push(': heartbeat\n\n');
    await vi.advanceTimersByTimeAsync(IDLE_TIMEOUT_MS - 1000);
    expect(t.fetch.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(stream.cancelled()).toBe(true);
    expect(t.fetch.calls).toHaveLength(2);
    t.client.stop();
  });

  it('closes the stream on stop, does not come back, and forgets the cursor', async () => {
    const t = setup();
    t.client.start();
    await settle();
    const stream = t.fetch.openStream();
    stream.push(frame(8, change('1')));
    await settle();
    t.client.stop();
    await settle();
    expect(stream.cancelled()).toBe(true);
    expect(t.client.status()).toBe('idle');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.fetch.calls).toHaveLength(1);
    t.client.start();
    await settle();
    expect(t.fetch.calls[1]!.headers['Last-Event-ID']).toBeUndefined();
    t.client.stop();
  });

  it('stops while waiting to reconnect, and does not start without a token', async () => {
    const t = setup();
    t.client.start();
    await settle();
    t.fetch.fail();
    await settle();
    t.client.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(t.fetch.calls).toHaveLength(1);
    t.setToken(null);
    t.client.start();
    await settle();
    expect(t.fetch.calls).toHaveLength(1);
    // Given up for want of a token, it is idle, so a later sign-in can open it again.
    expect(t.client.status()).toBe('idle');
    t.setToken('token-5');
    t.client.start();
    await settle();
    expect(t.fetch.calls).toHaveLength(2);
    t.client.stop();
  });
});

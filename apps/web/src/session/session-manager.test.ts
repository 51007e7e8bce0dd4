import { STORAGE_KEYS, type TokenPair } from '@pult/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionManager, periodicCheckIntervalMs, type SessionManagerDeps } from './session-manager';
import { createChannelHub, deferred, type FakeChannel, MemoryStorage } from './session-test-fakes';
import { SIGN_OUT_REASON_KEY } from './sign-out-reason';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const nowSeconds = () => Math.floor(Date.now() / 1000);

interface StoredFixture {
  access?: string;
  refresh?: string;
  expiresAt?: string | number;
  refreshExpiredAt?: string | number;
}

function fillStorage(storage: MemoryStorage, fixture: StoredFixture): void {
  const entries: [string, string | number | undefined][] = [
    [STORAGE_KEYS.accessToken, fixture.access],
    [STORAGE_KEYS.refreshToken, fixture.refresh],
    [STORAGE_KEYS.expiresAt, fixture.expiresAt],
    [STORAGE_KEYS.refreshExpiredAt, fixture.refreshExpiredAt],
  ];
  for (const [key, value] of entries) if (value !== undefined) storage.setItem(key, String(value));
}

/** A session stored by an earlier page load: access token a0 with `accessLeft` seconds to go. */
function storedSession(accessLeft: number, refreshLeft = 3600): StoredFixture {
  return {
    access: 'a0',
    refresh: 'r0',
    expiresAt: nowSeconds() + accessLeft,
    refreshExpiredAt: nowSeconds() + refreshLeft,
  };
}

function pair(lifetime: number, refreshLifetime = 3600, n = 0): TokenPair {
  return {
    access_token: `a${n}`,
    refresh_token: `r${n}`,
    expires_at: nowSeconds() + lifetime,
    refresh_expired_at: nowSeconds() + refreshLifetime,
  };
}

interface TabOptions {
  stored?: StoredFixture;
  channel?: FakeChannel;
  /** Lifetime of the tokens each renewal hands out. */
  renewedLifetime?: number;
  /** False holds the periodic check still, to look at ensureFreshToken alone. */
  periodic?: boolean;
}

function openTab(options: TabOptions = {}) {
  const storage = new MemoryStorage();
  storage.setItem(STORAGE_KEYS.language, 'en-US');
  if (options.stored) fillStorage(storage, options.stored);
  let issued = 0;
  const refresh = vi.fn<SessionManagerDeps['refresh']>(async () => {
    issued += 1;
    return pair(options.renewedLifetime ?? 180, 3600, issued);
  });
  const logout = vi.fn<SessionManagerDeps['logout']>(async () => {});
  const navigate = vi.fn<SessionManagerDeps['navigate']>();
  const logger = { warn: vi.fn(), info: vi.fn() };
  const deps: SessionManagerDeps = {
    storage,
    refresh,
    logout,
    navigate,
    logger,
    channel: options.channel,
    isUnreachable: (error) => error instanceof Error && error.message === 'no answer',
  };
  if (options.periodic === false) deps.scheduleEvery = () => () => {};
  const manager = createSessionManager(deps);
  const changes: boolean[] = [];
  manager.subscribe((signedIn) => changes.push(signedIn));
  return { manager, storage, refresh, logout, navigate, logger, changes };
}

/** The session's own keys: not the language, nor the note of why the last session ended. */
function tokenKeys(storage: MemoryStorage): string[] {
  return [...storage.items.keys()].filter(
    (key) => key !== STORAGE_KEYS.language && key !== SIGN_OUT_REASON_KEY,
  );
}

/** Lets queued microtasks (channel deliveries, promise chains) run. */
async function flush(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('rule 1: storage and expiry normalisation', () => {
  it('stores a sign-in pair under the four keys, millisecond expiry as seconds', () => {
    const tab = openTab();
    const signin = pair(180);
    tab.manager.signIn({ ...signin, expires_at: signin.expires_at * 1000 });

    expect(tab.storage.getItem(STORAGE_KEYS.accessToken)).toBe('a0');
    expect(tab.storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r0');
    expect(tab.storage.getItem(STORAGE_KEYS.expiresAt)).toBe(String(signin.expires_at));
    expect(tab.storage.getItem(STORAGE_KEYS.refreshExpiredAt)).toBe(String(signin.refresh_expired_at));
    expect(tab.manager.getAccessToken()).toBe('a0');
    expect(tab.manager.isSignedIn()).toBe(true);
  });

  it('reads a stored millisecond expires_at as seconds at start-up', async () => {
    const stored = storedSession(100);
    const tab = openTab({ stored: { ...stored, expiresAt: Number(stored.expiresAt) * 1000 } });
    await tab.manager.start();
    expect(tab.refresh).not.toHaveBeenCalled(); // 100 s left, not 1e12

    // lifetime 100 s → check every 65 s
    await vi.advanceTimersByTimeAsync(64_999);
    expect(tab.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refresh).toHaveBeenCalledOnce();
  });

  it('assumes 180 s from sign-in when the expiry cannot be read', async () => {
    const tab = openTab();
    tab.manager.signIn({ ...pair(0), expires_at: Number.NaN });
    expect(tab.storage.getItem(STORAGE_KEYS.expiresAt)).toBe(String(nowSeconds() + 180));

    await vi.advanceTimersByTimeAsync(144_999);
    expect(tab.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refresh).toHaveBeenCalledOnce();
  });

  it('assumes 180 s from start-up for a stored token with an unreadable expiry, and keeps it', async () => {
    const tab = openTab({ stored: { ...storedSession(0), expiresAt: 'garbage' } });
    await tab.manager.start();
    expect(tab.refresh).not.toHaveBeenCalled();
    expect(tab.storage.getItem(STORAGE_KEYS.expiresAt)).toBe(String(nowSeconds() + 180));

    await vi.advanceTimersByTimeAsync(145_000);
    expect(tab.refresh).toHaveBeenCalledOnce();
  });

  it('assumes 180 s from renewal when the refresh response has no expiry', async () => {
    const tab = openTab({ stored: storedSession(10) });
    tab.refresh.mockResolvedValueOnce({ access_token: 'a1', refresh_token: 'r1' });
    expect(await tab.manager.forceRenew()).toBe('renewed');
    expect(tab.storage.getItem(STORAGE_KEYS.expiresAt)).toBe(String(nowSeconds() + 180));
  });
});

describe('rule 2: start-up and the periodic check', () => {
  it('computes the interval as lifetime − 35 s within [5 s, 1 h]', () => {
    expect(periodicCheckIntervalMs(180)).toBe(145_000);
    expect(periodicCheckIntervalMs(40)).toBe(5_000);
    expect(periodicCheckIntervalMs(20)).toBe(5_000);
    expect(periodicCheckIntervalMs(-10)).toBe(5_000);
    expect(periodicCheckIntervalMs(3635)).toBe(3_600_000);
    expect(periodicCheckIntervalMs(86_400)).toBe(3_600_000);
  });

  it('does nothing at start-up without tokens', async () => {
    const tab = openTab();
    await tab.manager.start();
    expect(tab.navigate).not.toHaveBeenCalled();
    expect(tab.refresh).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    expect(tab.manager.isSignedIn()).toBe(false);
  });

  it('clears the tokens and goes to / when the refresh token has expired', async () => {
    const channel = createChannelHub().open();
    const tab = openTab({ stored: storedSession(100, -1), channel });
    await tab.manager.start();
    expect(tab.refresh).not.toHaveBeenCalled();
    expect(tokenKeys(tab.storage)).toEqual([]);
    expect(tab.storage.getItem(STORAGE_KEYS.language)).toBe('en-US');
    expect(tab.navigate).toHaveBeenCalledWith('/');
    expect(tab.changes).toEqual([false]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('keeps a healthy token and first checks lifetime − 35 s later', async () => {
    const tab = openTab({ stored: storedSession(100) });
    await tab.manager.start();
    expect(tab.refresh).not.toHaveBeenCalled();
    expect(tab.navigate).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);

    await vi.advanceTimersByTimeAsync(64_999);
    expect(tab.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refresh).toHaveBeenCalledWith('r0');
    expect(tab.manager.getAccessToken()).toBe('a1');
  });

  it('renews at start-up when fewer than 30 s remain, then checks on the new lifetime', async () => {
    const tab = openTab({ stored: storedSession(20) });
    await tab.manager.start();
    expect(tab.refresh).toHaveBeenCalledOnce();
    expect(tab.manager.getAccessToken()).toBe('a1');

    // The renewed token lives 180 s: next check after 145 s, not after the 5 s of the old one.
    await vi.advanceTimersByTimeAsync(144_999);
    expect(tab.refresh).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refresh).toHaveBeenCalledTimes(2);
    expect(tab.manager.getAccessToken()).toBe('a2');
  });

  it('renews at start-up when only the refresh token is stored', async () => {
    const tab = openTab({ stored: { refresh: 'r0', refreshExpiredAt: nowSeconds() + 3600 } });
    await tab.manager.start();
    expect(tab.refresh).toHaveBeenCalledWith('r0');
    expect(tab.manager.getAccessToken()).toBe('a1');
  });

  it('keeps checking after a failed start-up renewal', async () => {
    const tab = openTab({ stored: storedSession(20) });
    tab.refresh.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await tab.manager.start();
    expect(tab.logger.warn).toHaveBeenCalledOnce();
    expect(tab.manager.getAccessToken()).toBe('a0');
    expect(tab.navigate).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(5_000); // 20 s lifetime → the 5 s minimum
    expect(tab.refresh).toHaveBeenCalledTimes(2);
    expect(tab.manager.getAccessToken()).toBe('a1');
  });

  it('renews a long-lived token before the next hourly check would be too late', async () => {
    const tab = openTab();
    tab.manager.signIn(pair(7200, 86_400));
    await vi.advanceTimersByTimeAsync(3_599_999);
    expect(tab.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    // 3600 s left, but the next check is an hour away: the token would expire before it.
    expect(tab.refresh).toHaveBeenCalledOnce();
  });

  it('does not renew at an hourly check when the token outlives the next one', async () => {
    const tab = openTab();
    tab.manager.signIn(pair(4 * 3600, 86_400));
    await vi.advanceTimersByTimeAsync(2 * 3_600_000);
    expect(tab.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_600_000); // 3600 s left, next check in 3600 s
    expect(tab.refresh).toHaveBeenCalledOnce();
  });
});

describe('rule 3: ensureFreshToken', () => {
  it('renews when fewer than 30 s remain, not at 30 s', async () => {
    const healthy = openTab({ stored: storedSession(30), periodic: false });
    await healthy.manager.ensureFreshToken();
    expect(healthy.refresh).not.toHaveBeenCalled();

    const near = openTab({ stored: storedSession(29), periodic: false });
    await near.manager.ensureFreshToken();
    expect(near.refresh).toHaveBeenCalledWith('r0');
    expect(near.manager.getAccessToken()).toBe('a1');
  });

  it('checks at most every 5 s', async () => {
    const tab = openTab({ stored: storedSession(32), periodic: false });
    await tab.manager.ensureFreshToken(); // 32 s left: fine
    vi.advanceTimersByTime(4_999); // ~27 s left, but the last check was under 5 s ago
    await tab.manager.ensureFreshToken();
    expect(tab.refresh).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    await tab.manager.ensureFreshToken();
    expect(tab.refresh).toHaveBeenCalledOnce();
  });

  it('does not renew within 30 s of the last renewal', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false, renewedLifetime: 20 });
    await tab.manager.ensureFreshToken();
    expect(tab.refresh).toHaveBeenCalledOnce();

    for (const step of [10_000, 14_999]) {
      vi.advanceTimersByTime(step); // the 20 s token is nearly or fully spent
      await tab.manager.ensureFreshToken();
    }
    expect(tab.refresh).toHaveBeenCalledOnce();

    vi.advanceTimersByTime(5_001); // 30 s after the renewal
    await tab.manager.ensureFreshToken();
    expect(tab.refresh).toHaveBeenCalledTimes(2);
  });

  it('signs out without calling the server when the refresh token has expired', async () => {
    const channel = createChannelHub().open();
    const tab = openTab({ stored: storedSession(100, 1), periodic: false, channel });
    vi.advanceTimersByTime(1_000);
    await tab.manager.ensureFreshToken();
    expect(tab.refresh).not.toHaveBeenCalled();
    expect(tab.logout).not.toHaveBeenCalled();
    expect(tokenKeys(tab.storage)).toEqual([]);
    expect(tab.navigate).toHaveBeenCalledWith('/');
    expect(channel.sent).toEqual([{ type: 'logout' }]);
  });

  it('does not reject when the renewal fails: the request goes on and a 401 will force one', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    tab.refresh.mockRejectedValueOnce(new Error('HTTP 500'));
    await expect(tab.manager.ensureFreshToken()).resolves.toBeUndefined();
    expect(tab.manager.getAccessToken()).toBe('a0');
    expect(tab.navigate).not.toHaveBeenCalled();
    expect(tab.logger.info).toHaveBeenCalledOnce();
  });

  it('waits for a renewal in flight, even within the check gap', async () => {
    const tab = openTab({ stored: storedSession(100), periodic: false });
    await tab.manager.ensureFreshToken(); // fills the gap
    const answer = deferred<unknown>();
    tab.refresh.mockReturnValueOnce(answer.promise);
    const forced = tab.manager.forceRenew();

    let fresh = false;
    const ensured = tab.manager.ensureFreshToken().then(() => {
      fresh = true;
    });
    await flush();
    expect(fresh).toBe(false);

    answer.resolve(pair(180, 3600, 7));
    await ensured;
    expect(fresh).toBe(true);
    expect(tab.manager.getAccessToken()).toBe('a7');
    expect(await forced).toBe('renewed');
  });

  it('does nothing while signed out', async () => {
    const tab = openTab({ periodic: false });
    await tab.manager.ensureFreshToken();
    expect(tab.refresh).not.toHaveBeenCalled();
    expect(tab.navigate).not.toHaveBeenCalled();
  });
});

describe('rule 4: one renewal request at a time', () => {
  it('shares one in-flight request between all callers', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    const answer = deferred<unknown>();
    tab.refresh.mockReturnValueOnce(answer.promise);

    const calls = [tab.manager.ensureFreshToken(), tab.manager.forceRenew(), tab.manager.forceRenew()];
    await flush();
    expect(tab.refresh).toHaveBeenCalledOnce();

    answer.resolve(pair(180, 3600, 1));
    const [, first, second] = await Promise.all(calls);
    expect(first).toBe('renewed');
    expect(second).toBe('renewed');
    expect(tab.manager.getAccessToken()).toBe('a1');

    // Once settled, the next forced renewal is a new request.
    expect(await tab.manager.forceRenew()).toBe('renewed');
    expect(tab.refresh).toHaveBeenCalledTimes(2);
  });

  it('shares a failure too, and lets the next attempt start afresh', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    const answer = deferred<unknown>();
    tab.refresh.mockReturnValueOnce(answer.promise);
    const calls = [tab.manager.forceRenew(), tab.manager.forceRenew()];
    answer.reject(new Error('HTTP 401'));
    expect(await Promise.all(calls)).toEqual(['refused', 'refused']);
    expect(tab.refresh).toHaveBeenCalledOnce();

    expect(await tab.manager.forceRenew()).toBe('renewed');
    expect(tab.refresh).toHaveBeenCalledTimes(2);
  });
});

describe('rule 5: renewal outcomes', () => {
  it('fails without a refresh token, without asking the server', async () => {
    const tab = openTab({ stored: { access: 'a0', expiresAt: nowSeconds() + 10 }, periodic: false });
    expect(await tab.manager.forceRenew()).toBe('refused');
    expect(tab.refresh).not.toHaveBeenCalled();
  });

  it('fails and clears the tokens when the refresh token has expired', async () => {
    const tab = openTab({ stored: storedSession(100, 0), periodic: false });
    expect(await tab.manager.forceRenew()).toBe('refused');
    expect(tab.refresh).not.toHaveBeenCalled();
    expect(tokenKeys(tab.storage)).toEqual([]);
    expect(tab.changes).toEqual([false]);
  });

  it('fails when the response has no access_token, keeping the old tokens', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    tab.refresh.mockResolvedValueOnce({ refresh_token: 'r1', expires_at: nowSeconds() + 180 });
    expect(await tab.manager.forceRenew()).toBe('refused');
    expect(tab.manager.getAccessToken()).toBe('a0');
    expect(tab.storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r0');
  });

  it('fails when the request fails, keeping the old tokens', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    tab.refresh.mockRejectedValueOnce(new Error('HTTP 401'));
    expect(await tab.manager.forceRenew()).toBe('refused');
    expect(tab.manager.getAccessToken()).toBe('a0');
  });

  it('says the server was unreachable when nobody answered, keeping the session', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    tab.refresh.mockRejectedValueOnce(new Error('no answer'));
    expect(await tab.manager.forceRenew()).toBe('unreachable');
    expect(tab.storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r0');
    expect(tab.navigate).not.toHaveBeenCalled();
    expect(await tab.manager.forceRenew()).toBe('renewed');
  });

  it('stores all four values from an expired_at response and tells the other tabs', async () => {
    const hub = createChannelHub();
    const channel = hub.open();
    const other = hub.open();
    const received: unknown[] = [];
    other.onmessage = (event) => received.push(event.data);
    const tab = openTab({ stored: storedSession(10), periodic: false, channel });
    const expiredAt = nowSeconds() + 120;
    const refreshExpiredAt = nowSeconds() + 7200;
    tab.refresh.mockResolvedValueOnce({
      access_token: 'a1',
      refresh_token: 'r1',
      expired_at: expiredAt,
      refresh_expired_at: refreshExpiredAt,
    });

    expect(await tab.manager.forceRenew()).toBe('renewed');
    expect(tokenKeys(tab.storage).sort()).toEqual(
      [
        STORAGE_KEYS.accessToken,
        STORAGE_KEYS.expiresAt,
        STORAGE_KEYS.refreshExpiredAt,
        STORAGE_KEYS.refreshToken,
      ].sort(),
    );
    expect(tab.storage.getItem(STORAGE_KEYS.accessToken)).toBe('a1');
    expect(tab.storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(tab.storage.getItem(STORAGE_KEYS.expiresAt)).toBe(String(expiredAt));
    expect(tab.storage.getItem(STORAGE_KEYS.refreshExpiredAt)).toBe(String(refreshExpiredAt));

    await flush();
    const tokens = {
      access_token: 'a1',
      refresh_token: 'r1',
      expires_at: expiredAt,
      refresh_expired_at: refreshExpiredAt,
    };
    expect(received).toEqual([{ type: 'tokens', tokens }]);
  });
});

describe('rule 6: periodic check failures', () => {
  it('only logs a failed renewal and tries again at the next check', async () => {
    const tab = openTab();
    tab.manager.signIn(pair(180));
    tab.refresh.mockRejectedValueOnce(new TypeError('Failed to fetch'));

    await vi.advanceTimersByTimeAsync(145_000);
    expect(tab.refresh).toHaveBeenCalledOnce();
    expect(tab.logger.warn).toHaveBeenCalledWith(
      expect.stringContaining('request-failed'),
      expect.any(TypeError),
    );
    expect(tab.navigate).not.toHaveBeenCalled();
    expect(tab.manager.getAccessToken()).toBe('a0');

    await vi.advanceTimersByTimeAsync(145_000);
    expect(tab.refresh).toHaveBeenCalledTimes(2);
    expect(tab.manager.getAccessToken()).toBe('a1');
  });

  it('logs an answer without access_token', async () => {
    const tab = openTab();
    tab.manager.signIn(pair(180));
    tab.refresh.mockResolvedValueOnce({ message: 'ok' });
    await vi.advanceTimersByTimeAsync(145_000);
    expect(tab.logger.warn).toHaveBeenCalledWith(expect.stringContaining('invalid-response'), undefined);
    expect(tab.navigate).not.toHaveBeenCalled();
  });

  it('signs out when the refresh token has expired by the time of the check', async () => {
    const channel = createChannelHub().open();
    const tab = openTab({ channel });
    tab.manager.signIn(pair(180, 100));
    await vi.advanceTimersByTimeAsync(145_000);
    expect(tab.refresh).not.toHaveBeenCalled();
    expect(tab.logout).not.toHaveBeenCalled();
    expect(tokenKeys(tab.storage)).toEqual([]);
    expect(tab.navigate).toHaveBeenCalledWith('/');
    expect(channel.sent).toContainEqual({ type: 'logout' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('respects the cooldown: short tokens are renewed every 30 s, not every 5 s', async () => {
    const tab = openTab({ renewedLifetime: 40 });
    tab.manager.signIn(pair(40)); // checks every 5 s
    await vi.advanceTimersByTimeAsync(5_000); // 35 s left, 30 s at the next check: not yet
    expect(tab.refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(5_000); // 30 s left, 25 s at the next check
    expect(tab.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(29_999); // the new 40 s token is due after 5 s, cooldown holds
    expect(tab.refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refresh).toHaveBeenCalledTimes(2);
  });
});

describe('rule 7: forceRenew', () => {
  it('ignores the check gap and the cooldown', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    await tab.manager.ensureFreshToken();
    expect(tab.refresh).toHaveBeenCalledOnce();

    expect(await tab.manager.forceRenew()).toBe('renewed');
    expect(tab.refresh).toHaveBeenCalledTimes(2);
    expect(tab.manager.getAccessToken()).toBe('a2');
  });

  it('reports success when a new sign-in overtook the renewal, so the caller retries with it', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    const answer = deferred<unknown>();
    tab.refresh.mockReturnValueOnce(answer.promise);
    const renewal = tab.manager.forceRenew();
    tab.manager.signIn(pair(180, 3600, 5));
    answer.resolve(pair(180, 3600, 1));
    expect(await renewal).toBe('renewed');
    expect(tab.manager.getAccessToken()).toBe('a5');
  });

  it('returns false on failure without signing out by itself', async () => {
    const tab = openTab({ stored: storedSession(10), periodic: false });
    tab.refresh.mockRejectedValueOnce(new Error('HTTP 401'));
    expect(await tab.manager.forceRenew()).toBe('refused');
    expect(tab.navigate).not.toHaveBeenCalled();
  });
});

describe('rule 8: messages from other tabs', () => {
  function twoTabs(accessLeft: number) {
    const hub = createChannelHub();
    const channelA = hub.open();
    const channelB = hub.open();
    const stored = storedSession(accessLeft);
    const a = openTab({ stored, channel: channelA });
    const b = openTab({ stored, channel: channelB });
    return { a, b, channelA, channelB };
  }

  it('copies renewed tokens into the other tab and reschedules its check', async () => {
    const { a, b } = twoTabs(60);
    await a.manager.start();
    await b.manager.start(); // 60 s left → both would check after 25 s

    await vi.advanceTimersByTimeAsync(10_000);
    expect(await a.manager.forceRenew()).toBe('renewed');
    await flush();
    expect(b.storage.getItem(STORAGE_KEYS.accessToken)).toBe('a1');
    expect(b.storage.getItem(STORAGE_KEYS.refreshToken)).toBe('r1');
    expect(b.storage.getItem(STORAGE_KEYS.expiresAt)).toBe(String(nowSeconds() + 180));

    // Both tabs now check on the new 180 s lifetime (at +145 s): B never renews the old token at 25 s.
    await vi.advanceTimersByTimeAsync(144_999);
    expect(b.refresh).not.toHaveBeenCalled();
    expect(a.refresh).toHaveBeenCalledOnce();

    // At +145 s the first tab renews and the other adopts its tokens instead of renewing too.
    await vi.advanceTimersByTimeAsync(1);
    expect(a.refresh).toHaveBeenCalledTimes(2);
    expect(b.refresh).not.toHaveBeenCalled();
    expect(b.manager.getAccessToken()).toBe('a2');
  });

  it('counts another tab’s renewal as its own for the cooldown', async () => {
    const { a, b } = twoTabs(100);
    a.manager.signIn(pair(20)); // B receives a token with 20 s left
    await flush();
    await b.manager.ensureFreshToken();
    expect(b.refresh).not.toHaveBeenCalled();
  });

  it('signs the other tab in when this one signs in', async () => {
    const hub = createChannelHub();
    const a = openTab({ channel: hub.open() });
    const b = openTab({ channel: hub.open() });
    a.manager.signIn(pair(180, 3600, 5));
    await flush();
    expect(b.manager.getAccessToken()).toBe('a5');
    expect(b.changes).toEqual([true]);
  });

  it('clears the other tab and sends it to / on logout, without echo or server call', async () => {
    const { a, b, channelB } = twoTabs(100);
    await b.manager.start();
    await a.manager.signOut();
    await flush();
    expect(tokenKeys(b.storage)).toEqual([]);
    expect(b.storage.getItem(STORAGE_KEYS.language)).toBe('en-US');
    expect(b.navigate).toHaveBeenCalledWith('/');
    expect(b.changes).toEqual([false]);
    expect(b.logout).not.toHaveBeenCalled();
    expect(channelB.sent).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(a.logout).toHaveBeenCalledOnce();
  });

  it('leaves a tab without a session on its public page', async () => {
    const hub = createChannelHub();
    const a = openTab({ stored: storedSession(100), channel: hub.open() });
    const b = openTab({ channel: hub.open() });
    await a.manager.signOut();
    await flush();
    expect(b.navigate).not.toHaveBeenCalled();
  });

  it('ignores malformed messages', async () => {
    const hub = createChannelHub();
    const sender = hub.open();
    const b = openTab({ stored: storedSession(100), channel: hub.open() });
    sender.postMessage({ type: 'tokens', tokens: { access_token: 'evil' } });
    sender.postMessage('logout');
    await flush();
    expect(b.manager.getAccessToken()).toBe('a0');
    expect(b.navigate).not.toHaveBeenCalled();
    expect(b.logger.info).toHaveBeenCalledTimes(2);
  });

  it('discards a renewal answered after another tab logged out', async () => {
    const hub = createChannelHub();
    const a = openTab({ stored: storedSession(100), channel: hub.open() });
    const b = openTab({ stored: storedSession(100), channel: hub.open() });
    const answer = deferred<unknown>();
    b.refresh.mockReturnValueOnce(answer.promise);
    const renewal = b.manager.forceRenew();
    await a.manager.signOut();
    await flush();
    answer.resolve(pair(180, 3600, 9));
    expect(await renewal).toBe('refused');
    expect(tokenKeys(b.storage)).toEqual([]);
  });
});

describe('rule 9: signOut', () => {
  it('revokes on the server, clears the tokens, tells the other tabs and goes to /', async () => {
    const channel = createChannelHub().open();
    const tab = openTab({ channel });
    tab.manager.signIn(pair(180));
    channel.sent.length = 0;

    await tab.manager.signOut();
    expect(tab.logout).toHaveBeenCalledWith('r0');
    expect(tokenKeys(tab.storage)).toEqual([]);
    expect(tab.storage.getItem(STORAGE_KEYS.language)).toBe('en-US');
    expect(channel.sent).toEqual([{ type: 'logout' }]);
    expect(tab.navigate).toHaveBeenCalledWith('/');
    expect(tab.changes).toEqual([true, false]);
    expect(tab.manager.isSignedIn()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores a failing logout call', async () => {
    const tab = openTab({ stored: storedSession(100) });
    tab.logout.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(tab.manager.signOut()).resolves.toBeUndefined();
    expect(tokenKeys(tab.storage)).toEqual([]);
    expect(tab.navigate).toHaveBeenCalledWith('/');
    expect(tab.logger.warn).toHaveBeenCalledOnce();
  });

  it('does not wait for a slow logout call to leave', async () => {
    const tab = openTab({ stored: storedSession(100) });
    tab.logout.mockReturnValueOnce(new Promise<void>(() => {}));
    void tab.manager.signOut();
    expect(tokenKeys(tab.storage)).toEqual([]);
    expect(tab.navigate).toHaveBeenCalledWith('/');
  });

  it('skips the server with callServer: false', async () => {
    const tab = openTab({ stored: storedSession(100) });
    await tab.manager.signOut({ callServer: false });
    expect(tab.logout).not.toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith('/');
  });

  it('does not let a renewal in flight bring the session back', async () => {
    const channel = createChannelHub().open();
    const tab = openTab({ stored: storedSession(10), channel });
    const answer = deferred<unknown>();
    tab.refresh.mockReturnValueOnce(answer.promise);
    const renewal = tab.manager.forceRenew();
    await tab.manager.signOut();
    answer.resolve(pair(180, 3600, 1));
    expect(await renewal).toBe('refused');
    expect(tokenKeys(tab.storage)).toEqual([]);
    expect(channel.sent).toEqual([{ type: 'logout' }]);
  });
});

describe('rule 10: why the session ended', () => {
  it('notes an expired refresh token at start-up', async () => {
    const tab = openTab({ stored: storedSession(100, -1) });
    await tab.manager.start();
    expect(tab.manager.signOutReason()).toBe('expired');
  });

  it('notes an expiry found by a renewal', async () => {
    const tab = openTab({ stored: storedSession(10, 3600), periodic: false });
    vi.setSystemTime(T0 + 3601_000);
    expect(await tab.manager.forceRenew()).toBe('refused');
    expect(tab.manager.signOutReason()).toBe('expired');
  });

  it('keeps the first reason when a late sign-out follows the end of the session', async () => {
    const tab = openTab({ stored: storedSession(100, -1) });
    await tab.manager.start();
    await tab.manager.signOut({ callServer: false, reason: 'rejected' });
    expect(tab.manager.signOutReason()).toBe('expired');
  });

  it('notes a session the server refused', async () => {
    const tab = openTab();
    tab.manager.signIn(pair(180));
    await tab.manager.signOut({ callServer: false, reason: 'rejected' });
    expect(tab.manager.signOutReason()).toBe('rejected');
  });

  it('forgets the reason on a sign-out the user chose, and on sign-in', async () => {
    const tab = openTab({ stored: storedSession(100, -1) });
    await tab.manager.start();
    tab.manager.signIn(pair(180));
    expect(tab.manager.signOutReason()).toBeNull();
    await tab.manager.signOut({ callServer: false, reason: 'rejected' });
    tab.manager.signIn(pair(180));
    await tab.manager.signOut();
    expect(tab.manager.signOutReason()).toBeNull();
  });

  it('ignores an unknown stored value', () => {
    const tab = openTab();
    tab.storage.setItem(SIGN_OUT_REASON_KEY, 'because');
    expect(tab.manager.signOutReason()).toBeNull();
  });
});

describe('subscribe and stop', () => {
  it('reports changes only, until unsubscribed', () => {
    const tab = openTab();
    const listener = vi.fn();
    const unsubscribe = tab.manager.subscribe(listener);
    tab.manager.signIn(pair(180));
    tab.manager.signIn(pair(180, 3600, 1));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledWith(true);
    unsubscribe();
    void tab.manager.signOut();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('keeps the tokens of a renewal answered after stop, without restarting the check', async () => {
    const tab = openTab({ stored: storedSession(100) });
    await tab.manager.start();
    const answer = deferred<unknown>();
    tab.refresh.mockReturnValueOnce(answer.promise);
    const renewal = tab.manager.forceRenew();
    tab.manager.stop();
    answer.resolve(pair(180, 3600, 1));
    expect(await renewal).toBe('renewed');
    expect(tab.manager.getAccessToken()).toBe('a1');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops the periodic check and closes the channel', async () => {
    const hub = createChannelHub();
    const sender = hub.open();
    const channel = hub.open();
    const tab = openTab({ stored: storedSession(100), channel });
    await tab.manager.start();
    expect(vi.getTimerCount()).toBe(1);
    tab.manager.stop();
    expect(vi.getTimerCount()).toBe(0);
    expect(channel.closed).toBe(true);
    sender.postMessage({ type: 'logout' });
    await vi.advanceTimersByTimeAsync(600_000);
    expect(tab.navigate).not.toHaveBeenCalled();
    expect(tab.refresh).not.toHaveBeenCalled();
  });
});

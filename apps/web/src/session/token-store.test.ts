import { STORAGE_KEYS } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './session-test-fakes';
import {
  assumeDefaultExpiry,
  clearTokens,
  hasLiveSession,
  isRefreshExpired,
  normaliseTokens,
  readTokens,
  toEpochSeconds,
  tokensFromRefreshResponse,
  writeTokens,
} from './token-store';

const NOW_MS = Date.UTC(2025, 0, 1);
const NOW_S = NOW_MS / 1000;

describe('toEpochSeconds', () => {
  it('keeps seconds and divides values above 1e10 by 1000', () => {
    expect(toEpochSeconds(1_735_689_600)).toBe(1_735_689_600);
    expect(toEpochSeconds(1_735_689_600_000)).toBe(1_735_689_600);
    expect(toEpochSeconds(1_735_689_600_999)).toBe(1_735_689_600);
    expect(toEpochSeconds(1e10)).toBe(1e10);
  });

  it('reads numeric strings, as storage returns them', () => {
    expect(toEpochSeconds('1735689600')).toBe(1_735_689_600);
    expect(toEpochSeconds('1735689600000')).toBe(1_735_689_600);
  });

  it.each([null, undefined, '', '  ', 'soon', Number.NaN, Number.POSITIVE_INFINITY, 0, -5, {}, true])(
    'returns null for %j',
    (value) => {
      expect(toEpochSeconds(value)).toBeNull();
    },
  );
});

describe('normaliseTokens', () => {
  it('falls back to 180 s from now when the access expiry is unreadable', () => {
    const tokens = normaliseTokens({ access_token: 'a', refresh_token: 'r', expires_at: 'x' }, NOW_MS);
    expect(tokens.expires_at).toBe(NOW_S + 180);
    expect(tokens.refresh_expired_at).toBeNull();
  });

  it('normalises millisecond expiries', () => {
    const tokens = normaliseTokens(
      {
        access_token: 'a',
        refresh_token: 'r',
        expires_at: (NOW_S + 60) * 1000,
        refresh_expired_at: NOW_S + 600,
      },
      NOW_MS,
    );
    expect(tokens).toEqual({
      access_token: 'a',
      refresh_token: 'r',
      expires_at: NOW_S + 60,
      refresh_expired_at: NOW_S + 600,
    });
  });
});

describe('storage round trip', () => {
  it('writes, reads and clears the four token keys only', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.language, 'en-US');
    writeTokens(storage, {
      access_token: 'a',
      refresh_token: 'r',
      expires_at: NOW_S + 60,
      refresh_expired_at: NOW_S + 600,
    });
    expect(readTokens(storage)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: NOW_S + 60,
      refreshExpiredAt: NOW_S + 600,
    });
    clearTokens(storage);
    expect([...storage.items.keys()]).toEqual([STORAGE_KEYS.language]);
  });

  it('removes a stale refresh expiry when the new one is unknown', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.refreshExpiredAt, '1');
    writeTokens(storage, {
      access_token: 'a',
      refresh_token: 'r',
      expires_at: NOW_S + 60,
      refresh_expired_at: null,
    });
    expect(storage.getItem(STORAGE_KEYS.refreshExpiredAt)).toBeNull();
  });

  it('treats empty strings as missing tokens', () => {
    const storage = new MemoryStorage();
    storage.setItem(STORAGE_KEYS.accessToken, '');
    expect(readTokens(storage).accessToken).toBeNull();
  });

  it('persists an assumed expiry so that it does not move on every read', () => {
    const storage = new MemoryStorage();
    expect(assumeDefaultExpiry(storage, NOW_MS)).toBe(NOW_S + 180);
    expect(readTokens(storage).expiresAt).toBe(NOW_S + 180);
  });
});

describe('isRefreshExpired', () => {
  const base = { accessToken: 'a', refreshToken: 'r', expiresAt: null };

  it('is true at and after the expiry, false before or when unknown', () => {
    expect(isRefreshExpired({ ...base, refreshExpiredAt: NOW_S }, NOW_MS)).toBe(true);
    expect(isRefreshExpired({ ...base, refreshExpiredAt: NOW_S - 1 }, NOW_MS)).toBe(true);
    expect(isRefreshExpired({ ...base, refreshExpiredAt: NOW_S + 1 }, NOW_MS)).toBe(false);
    expect(isRefreshExpired({ ...base, refreshExpiredAt: null }, NOW_MS)).toBe(false);
  });
});

describe('hasLiveSession', () => {
  const stored = (items: Record<string, string>) => {
    const storage = new MemoryStorage();
    for (const [key, value] of Object.entries(items)) storage.setItem(key, value);
    return storage;
  };

  it('needs an access token and a refresh token not yet expired (unknown expiry counts as live)', () => {
    const live = { [STORAGE_KEYS.accessToken]: 'a', [STORAGE_KEYS.refreshToken]: 'r' };
    expect(hasLiveSession(stored(live), NOW_MS)).toBe(true);
    expect(
      hasLiveSession(stored({ ...live, [STORAGE_KEYS.refreshExpiredAt]: String(NOW_S + 1) }), NOW_MS),
    ).toBe(true);
    expect(hasLiveSession(stored({ ...live, [STORAGE_KEYS.refreshExpiredAt]: String(NOW_S) }), NOW_MS)).toBe(
      false,
    );
    expect(hasLiveSession(stored({ [STORAGE_KEYS.refreshToken]: 'r' }), NOW_MS)).toBe(false);
    expect(hasLiveSession(new MemoryStorage(), NOW_MS)).toBe(false);
  });
});

describe('tokensFromRefreshResponse', () => {
  const previous = { refreshToken: 'old-r', refreshExpiredAt: NOW_S + 1000 };

  it('accepts expired_at as well as expires_at', () => {
    const body = {
      access_token: 'a2',
      refresh_token: 'r2',
      expired_at: NOW_S + 90,
      refresh_expired_at: NOW_S + 900,
    };
    expect(tokensFromRefreshResponse(body, previous, NOW_MS)).toEqual({
      access_token: 'a2',
      refresh_token: 'r2',
      expires_at: NOW_S + 90,
      refresh_expired_at: NOW_S + 900,
    });
    const withExpiresAt = { access_token: 'a2', expires_at: (NOW_S + 70) * 1000 };
    expect(tokensFromRefreshResponse(withExpiresAt, previous, NOW_MS)?.expires_at).toBe(NOW_S + 70);
  });

  it('keeps the previous refresh token and expiry when the server does not rotate them', () => {
    expect(tokensFromRefreshResponse({ access_token: 'a2' }, previous, NOW_MS)).toEqual({
      access_token: 'a2',
      refresh_token: 'old-r',
      expires_at: NOW_S + 180,
      refresh_expired_at: NOW_S + 1000,
    });
  });

  it.each([null, 'token', 42, {}, { access_token: '' }, { access_token: 7 }, { message: 'ok' }])(
    'rejects %j',
    (body) => {
      expect(tokensFromRefreshResponse(body, previous, NOW_MS)).toBeNull();
    },
  );
});

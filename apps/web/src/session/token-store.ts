import { DEFAULT_TOKEN_LIFETIME_SECONDS, EXPIRY_MILLISECONDS_THRESHOLD, STORAGE_KEYS } from '@pult/contract';

/** The part of `Storage` the session needs, so tests and other tabs can hand in a plain object. */
export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Tokens as this panel keeps them: expiries in whole seconds since the epoch. `refresh_expired_at` may
 * be unknown (null), in which case the server is left to judge the refresh token.
 */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  expires_at: number;
  refresh_expired_at: number | null;
}

/** What storage holds right now; any key may be missing or unreadable. */
export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  expiresAt: number | null;
  refreshExpiredAt: number | null;
}

const TOKEN_KEYS = [
  STORAGE_KEYS.accessToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.expiresAt,
  STORAGE_KEYS.refreshExpiredAt,
] as const;

/**
 * Reads an epoch value sent or stored as a number or a numeric string. Some back ends send
 * milliseconds, so values above 1e10 (year 2286 in seconds) are divided by 1000 (spec §3).
 * Returns null for anything that is not a positive finite number.
 */
export function toEpochSeconds(value: unknown): number | null {
  const numeric = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof numeric !== 'number' || !Number.isFinite(numeric) || numeric <= 0) return null;
  const seconds = numeric > EXPIRY_MILLISECONDS_THRESHOLD ? numeric / 1000 : numeric;
  return Math.floor(seconds);
}

/**
 * Builds the stored form of a token pair. An unreadable access expiry becomes the default lifetime
 * counted from `nowMs`, the moment the tokens are stored (spec §9).
 */
export function normaliseTokens(
  raw: { access_token: string; refresh_token: string; expires_at?: unknown; refresh_expired_at?: unknown },
  nowMs: number,
): SessionTokens {
  return {
    access_token: raw.access_token,
    refresh_token: raw.refresh_token,
    expires_at: toEpochSeconds(raw.expires_at) ?? defaultExpiry(nowMs),
    refresh_expired_at: toEpochSeconds(raw.refresh_expired_at),
  };
}

export function defaultExpiry(nowMs: number): number {
  return Math.floor(nowMs / 1000) + DEFAULT_TOKEN_LIFETIME_SECONDS;
}

export function readTokens(storage: TokenStorage): StoredTokens {
  return {
    accessToken: nonEmpty(storage.getItem(STORAGE_KEYS.accessToken)),
    refreshToken: nonEmpty(storage.getItem(STORAGE_KEYS.refreshToken)),
    expiresAt: toEpochSeconds(storage.getItem(STORAGE_KEYS.expiresAt)),
    refreshExpiredAt: toEpochSeconds(storage.getItem(STORAGE_KEYS.refreshExpiredAt)),
  };
}

export function writeTokens(storage: TokenStorage, tokens: SessionTokens): void {
  storage.setItem(STORAGE_KEYS.accessToken, tokens.access_token);
  storage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh_token);
  storage.setItem(STORAGE_KEYS.expiresAt, String(tokens.expires_at));
  if (tokens.refresh_expired_at === null) {
    // A stale value from an earlier session must not outlive the tokens it belonged to.
    storage.removeItem(STORAGE_KEYS.refreshExpiredAt);
  } else {
    storage.setItem(STORAGE_KEYS.refreshExpiredAt, String(tokens.refresh_expired_at));
  }
}

/** Only the four token keys: the language and menu preferences survive a sign-out. */
export function clearTokens(storage: TokenStorage): void {
  for (const key of TOKEN_KEYS) storage.removeItem(key);
}

/**
 * Reads a refresh-token response (spec §7): `access_token` is required, the expiry may come as
 * `expires_at` or `expired_at`. A missing refresh token or refresh expiry keeps the previous one, so a
 * server that does not rotate them does not end the session.
 */
export function tokensFromRefreshResponse(
  body: unknown,
  previous: { refreshToken: string; refreshExpiredAt: number | null },
  nowMs: number,
): SessionTokens | null {
  if (typeof body !== 'object' || body === null) return null;
  const fields = body as Record<string, unknown>;
  if (typeof fields.access_token !== 'string' || fields.access_token === '') return null;
  const refreshToken =
    typeof fields.refresh_token === 'string' && fields.refresh_token !== ''
      ? fields.refresh_token
      : previous.refreshToken;
  return normaliseTokens(
    {
      access_token: fields.access_token,
      refresh_token: refreshToken,
      expires_at: toEpochSeconds(fields.expires_at) ?? fields.expired_at,
      refresh_expired_at: toEpochSeconds(fields.refresh_expired_at) ?? previous.refreshExpiredAt,
    },
    nowMs,
  );
}

/**
 * A token stored without a readable expiry (an older build, a hand-edited storage) gets the default
 * lifetime from the moment it is first seen, and keeps it: recomputing on every read would never expire.
 */
export function assumeDefaultExpiry(storage: TokenStorage, nowMs: number): number {
  const expiresAt = defaultExpiry(nowMs);
  storage.setItem(STORAGE_KEYS.expiresAt, String(expiresAt));
  return expiresAt;
}

export function hasAnyToken(tokens: StoredTokens): boolean {
  return tokens.accessToken !== null || tokens.refreshToken !== null;
}

/** Unknown refresh expiry counts as "not expired": the server then decides. */
export function isRefreshExpired(tokens: StoredTokens, nowMs: number): boolean {
  return tokens.refreshExpiredAt !== null && tokens.refreshExpiredAt * 1000 <= nowMs;
}

/** A session the panel would keep: an access token present and the refresh token not yet expired. */
export function hasLiveSession(storage: TokenStorage, nowMs = Date.now()): boolean {
  const tokens = readTokens(storage);
  return tokens.accessToken !== null && !isRefreshExpired(tokens, nowMs);
}

function nonEmpty(value: string | null): string | null {
  return value === null || value === '' ? null : value;
}

import {
  PERIODIC_CHECK_MARGIN_SECONDS,
  PERIODIC_CHECK_MAX_MS,
  PERIODIC_CHECK_MIN_MS,
  RENEW_COOLDOWN_MS,
  RENEW_THRESHOLD_SECONDS,
  TOKEN_CHECK_MIN_GAP_MS,
  type TokenPair,
} from '@pult/contract';
import { parseSessionMessage, type SessionChannel, type SessionMessage } from './session-channel';
import { readSignOutReason, type SignOutReason, writeSignOutReason } from './sign-out-reason';
import {
  assumeDefaultExpiry,
  clearTokens,
  hasAnyToken,
  isRefreshExpired,
  normaliseTokens,
  readTokens,
  type SessionTokens,
  type StoredTokens,
  type TokenStorage,
  tokensFromRefreshResponse,
  writeTokens,
} from './token-store';

/** Runs `task` every `ms` milliseconds until the returned function is called. */
export type ScheduleEvery = (ms: number, task: () => void) => () => void;

export interface SessionManagerDeps {
  storage: TokenStorage;
  /** POST {auth}/admin/refresh-token: resolves with the raw JSON body, rejects on network/HTTP errors. */
  refresh: (refreshToken: string) => Promise<unknown>;
  /**
   * Whether a rejection of `refresh` means the server never answered (no network, a gateway's answer,
   * a call cut short by the page unloading): the session may still be good. Default: never.
   */
  isUnreachable?: (error: unknown) => boolean;
  /** POST {auth}/admin/logout. */
  logout: (refreshToken: string) => Promise<void>;
  navigate: (path: string) => void;
  /** Cross-tab channel; owned by the manager once passed in (closed by `stop`). */
  channel?: SessionChannel;
  /** Milliseconds since the epoch. */
  now?: () => number;
  /** Defaults to setInterval; injectable so a test can hold the periodic check still. */
  scheduleEvery?: ScheduleEvery;
  logger?: Pick<Console, 'warn' | 'info'>;
}

export interface SessionManager {
  /** Start-up (spec §4): drop an expired session, renew a nearly expired token, start the periodic check. */
  start(): Promise<void>;
  /** Stores a freshly signed-in pair, tells the other tabs and starts the periodic check. */
  signIn(tokens: TokenPair): void;
  getAccessToken(): string | null;
  isSignedIn(): boolean;
  /** Called before every request except the refresh call itself; never rejects. */
  ensureFreshToken(): Promise<void>;
  /** After a 401: renews regardless of the check gap and the cooldown, and says how that ended. */
  forceRenew(): Promise<ForcedRenewal>;
  /**
   * Clears the session everywhere and goes to '/'; `callServer` (default true) also revokes it. A
   * `reason` marks a sign-out the user did not ask for, shown on the sign-in screen.
   */
  signOut(options?: { callServer?: boolean; reason?: SignOutReason }): Promise<void>;
  /** Why the last session ended by itself; null after a sign-out the user chose, and after sign-in. */
  signOutReason(): SignOutReason | null;
  /** Called with the new state whenever the tab becomes signed in or signed out. */
  subscribe(listener: (signedIn: boolean) => void): () => void;
  /** Releases the timer and the channel. */
  stop(): void;
}

/**
 * A forced renewal's end: `refused` means the session is over (the server turned the refresh token
 * down, or there is none); `unreachable`, that nobody answered, so the session stands and only the
 * request fails.
 */
export type ForcedRenewal = 'renewed' | 'refused' | 'unreachable';

export type RenewFailure =
  | 'no-refresh-token'
  | 'refresh-expired'
  | 'invalid-response'
  | 'request-failed'
  | 'superseded';

type RenewOutcome = { ok: true } | { ok: false; reason: RenewFailure; error?: unknown };

const HOME_PATH = '/';

/** Periodic check interval of spec §9: (lifetime − 30 − 5) s, clamped to [5 s, 1 h]. */
export function periodicCheckIntervalMs(lifetimeSeconds: number): number {
  const seconds = lifetimeSeconds - RENEW_THRESHOLD_SECONDS - PERIODIC_CHECK_MARGIN_SECONDS;
  return Math.min(PERIODIC_CHECK_MAX_MS, Math.max(PERIODIC_CHECK_MIN_MS, seconds * 1000));
}

// setInterval is looked up at call time, so fake timers installed after creation still apply.
const scheduleWithInterval: ScheduleEvery = (ms, task) => {
  const handle = setInterval(task, ms);
  return () => clearInterval(handle);
};

export function createSessionManager(deps: SessionManagerDeps): SessionManager {
  const { storage, channel } = deps;
  const now = deps.now ?? (() => Date.now());
  const scheduleEvery = deps.scheduleEvery ?? scheduleWithInterval;
  const logger = deps.logger ?? console;
  const listeners = new Set<(signedIn: boolean) => void>();

  // Bumped whenever the session is replaced or ended, so a renewal answered afterwards is discarded
  // instead of resurrecting a session the user has just left.
  let epoch = 0;
  let lastCheckAt = Number.NEGATIVE_INFINITY;
  let lastRenewAt = Number.NEGATIVE_INFINITY;
  let renewal: Promise<RenewOutcome> | null = null;
  let cancelPeriodic: (() => void) | null = null;
  let stopped = false;
  let signedIn = readTokens(storage).accessToken !== null;

  function publish(): void {
    const current = readTokens(storage).accessToken !== null;
    if (current === signedIn) return;
    signedIn = current;
    for (const listener of [...listeners]) listener(current);
  }

  function broadcast(message: SessionMessage): void {
    try {
      channel?.postMessage(message);
    } catch (error) {
      // A closed channel must not break signing in or out in this tab.
      logger.warn('Session broadcast failed', error);
    }
  }

  /** Seconds left on the access token; a missing access token counts as expired. */
  function secondsLeft(tokens: StoredTokens): number {
    if (tokens.accessToken === null) return 0;
    const expiresAt = tokens.expiresAt ?? assumeDefaultExpiry(storage, now());
    return expiresAt - now() / 1000;
  }

  function inCooldown(): boolean {
    return now() - lastRenewAt < RENEW_COOLDOWN_MS;
  }

  function stopPeriodicCheck(): void {
    cancelPeriodic?.();
    cancelPeriodic = null;
  }

  function schedulePeriodicCheck(lifetimeSeconds: number): void {
    stopPeriodicCheck();
    if (stopped) return;
    const ms = periodicCheckIntervalMs(lifetimeSeconds);
    cancelPeriodic = scheduleEvery(ms, () => {
      periodicCheck(ms).catch((error: unknown) => logger.warn('Periodic token check failed', error));
    });
  }

  function applyTokens(tokens: SessionTokens, renewed: boolean): void {
    writeTokens(storage, tokens);
    if (renewed) lastRenewAt = now();
    schedulePeriodicCheck(tokens.expires_at - now() / 1000);
    publish();
  }

  /**
   * Ends the session in this tab; `broadcast` is false when the news came from another tab. The reason
   * (null: the user's choice) is recorded only by whoever ends a session that still had tokens, so a
   * late second sign-out does not overwrite the first one's reason.
   */
  function endSession(options: {
    broadcast: boolean;
    navigate: boolean;
    reason?: SignOutReason | null;
  }): void {
    epoch += 1;
    stopPeriodicCheck();
    if (options.reason !== undefined && hasAnyToken(readTokens(storage))) {
      writeSignOutReason(storage, options.reason);
    }
    clearTokens(storage);
    if (options.broadcast) broadcast({ type: 'logout' });
    publish();
    if (options.navigate) deps.navigate(HOME_PATH);
  }

  async function runRenewal(): Promise<RenewOutcome> {
    const startedIn = epoch;
    const tokens = readTokens(storage);
    if (tokens.refreshToken === null) return { ok: false, reason: 'no-refresh-token' };
    if (isRefreshExpired(tokens, now())) {
      writeSignOutReason(storage, 'expired');
      clearTokens(storage);
      stopPeriodicCheck();
      publish();
      return { ok: false, reason: 'refresh-expired' };
    }
    let body: unknown;
    try {
      body = await deps.refresh(tokens.refreshToken);
    } catch (error) {
      return { ok: false, reason: 'request-failed', error };
    }
    if (epoch !== startedIn) return { ok: false, reason: 'superseded' };
    const renewed = tokensFromRefreshResponse(
      body,
      { refreshToken: tokens.refreshToken, refreshExpiredAt: tokens.refreshExpiredAt },
      now(),
    );
    if (!renewed) return { ok: false, reason: 'invalid-response' };
    applyTokens(renewed, true);
    broadcast({ type: 'tokens', tokens: renewed });
    return { ok: true };
  }

  /** Every caller shares the renewal in flight: a rotated refresh token can be spent only once. */
  function renew(): Promise<RenewOutcome> {
    if (!renewal) {
      renewal = runRenewal().finally(() => {
        renewal = null;
      });
    }
    return renewal;
  }

  async function signOut(options: { callServer?: boolean; reason?: SignOutReason } = {}): Promise<void> {
    const { refreshToken } = readTokens(storage);
    // Local state goes first: a slow or failing logout call must not keep the user signed in.
    endSession({ broadcast: true, navigate: true, reason: options.reason ?? null });
    if (options.callServer === false || refreshToken === null) return;
    try {
      await deps.logout(refreshToken);
    } catch (error) {
      logger.warn('Logout call failed; the session was cleared locally', error);
    }
  }

  /** An expired refresh token ends the session; any other failure is only logged (spec §8). */
  async function renewOrSignOut(log: (message: string, error?: unknown) => void): Promise<void> {
    const result = await renew();
    if (result.ok || result.reason === 'superseded') return;
    if (result.reason === 'refresh-expired') {
      await signOut({ callServer: false, reason: 'expired' });
    } else {
      log(`Token renewal failed: ${result.reason}`, result.error);
    }
  }

  async function periodicCheck(intervalMs: number): Promise<void> {
    const tokens = readTokens(storage);
    if (!hasAnyToken(tokens)) {
      // Cleared behind our back (shared storage, dev tools): nothing left to keep fresh.
      stopPeriodicCheck();
      publish();
      return;
    }
    if (isRefreshExpired(tokens, now())) {
      await signOut({ callServer: false, reason: 'expired' });
      return;
    }
    // The check runs 5 s before the 30 s window opens and up to an hour apart, so it renews when the
    // token would enter the window before the next check, not only when it already has.
    if (secondsLeft(tokens) - intervalMs / 1000 >= RENEW_THRESHOLD_SECONDS || inCooldown()) return;
    await renewOrSignOut((message, error) => logger.warn(message, error));
  }

  function onChannelMessage(event: { data: unknown }): void {
    const message = parseSessionMessage(event.data);
    if (!message) {
      logger.info('Ignored an unknown session message from another tab');
      return;
    }
    if (message.type === 'logout') {
      // A tab showing a public page (password recovery, say) stays where it is.
      const hadSession = signedIn || hasAnyToken(readTokens(storage));
      endSession({ broadcast: false, navigate: hadSession });
      return;
    }
    // The other tab has just renewed: count it as our renewal too, so the tabs do not take turns.
    applyTokens(message.tokens, true);
  }

  if (channel) channel.onmessage = onChannelMessage;

  return {
    async start() {
      const tokens = readTokens(storage);
      if (!hasAnyToken(tokens)) return;
      if (isRefreshExpired(tokens, now())) {
        // Other tabs read the same storage and reach the same verdict on their own.
        endSession({ broadcast: false, navigate: true, reason: 'expired' });
        return;
      }
      lastCheckAt = now();
      const left = secondsLeft(tokens);
      if (left >= RENEW_THRESHOLD_SECONDS) {
        schedulePeriodicCheck(left);
        return;
      }
      await renewOrSignOut((message, error) => logger.warn(message, error));
      // A successful renewal has scheduled the check; after a failure keep checking the old token.
      if (!cancelPeriodic && hasAnyToken(readTokens(storage))) schedulePeriodicCheck(left);
    },

    signIn(pair) {
      epoch += 1;
      writeSignOutReason(storage, null);
      const tokens = normaliseTokens(pair, now());
      applyTokens(tokens, false);
      broadcast({ type: 'tokens', tokens });
    },

    getAccessToken: () => readTokens(storage).accessToken,
    isSignedIn: () => readTokens(storage).accessToken !== null,

    async ensureFreshToken() {
      if (renewal) {
        await renewal;
        return;
      }
      const checkedAt = now();
      if (checkedAt - lastCheckAt < TOKEN_CHECK_MIN_GAP_MS) return;
      lastCheckAt = checkedAt;
      const tokens = readTokens(storage);
      if (!hasAnyToken(tokens)) return;
      if (isRefreshExpired(tokens, checkedAt)) {
        await signOut({ callServer: false, reason: 'expired' });
        return;
      }
      if (secondsLeft(tokens) >= RENEW_THRESHOLD_SECONDS || inCooldown()) return;
      // A failure is not thrown: the request still goes out, and a 401 then forces a renewal.
      await renewOrSignOut((message, error) => logger.info(message, error));
    },

    async forceRenew() {
      const outcome = await renew();
      // Overtaken by a new sign-in, the caller can retry with that session's token.
      if (outcome.ok || (outcome.reason === 'superseded' && signedIn)) return 'renewed';
      return outcome.reason === 'request-failed' && deps.isUnreachable?.(outcome.error)
        ? 'unreachable'
        : 'refused';
    },

    signOut,
    signOutReason: () => readSignOutReason(storage),

    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    stop() {
      // A renewal in flight may still store its tokens (the old refresh token is spent),
      // but no new timer starts.
      stopped = true;
      stopPeriodicCheck();
      if (channel) {
        channel.onmessage = null;
        channel.close();
      }
    },
  };
}

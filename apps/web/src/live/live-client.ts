import { type LiveChange, liveChangeSchema } from '@pult/contract';
import type { ForcedRenewal } from '../session/session-manager';
import { createSseParser } from './sse-parser';

/**
 * The panel's one connection to the live changes stream (docs/architecture.md, "Live changes"):
 * `GET <auth>/admin/events` read through `fetch` streaming, so the access token travels in the
 * `Authorization` header (never in the URL). The server ends the stream when the token expires; the
 * client then reconnects with a fresh token and `Last-Event-ID`, so nothing within the server's
 * replay window is lost.
 */

export type LiveStatus = 'idle' | 'connecting' | 'open' | 'waiting' | 'forbidden';

/** What the client needs of the session manager (the same token and renewal every request uses). */
export interface LiveSession {
  getAccessToken(): string | null;
  ensureFreshToken(): Promise<void>;
  forceRenew(): Promise<ForcedRenewal>;
}

export interface LiveClientDeps {
  /** The stream's absolute URL (`authUrl(LIVE_EVENTS_PATH)`). */
  url: string;
  session: LiveSession;
  getLocale: () => string;
  fetchFn?: typeof fetch;
  onChange: (change: LiveChange) => void;
  /** The cursor was older than the replay window: whatever is shown must be read again. */
  onReset: () => void;
  /**
   * The reader's access may have changed (their groups, a group's grants): the server says so just
   * before it ends the stream, and the panel reloads its permissions; the reconnection follows.
   */
  onAccess?: () => void;
  onStatus?: (status: LiveStatus) => void;
  /** In [0, 1): spreads the reconnections of many panels after a server restart. */
  random?: () => number;
  logger?: Pick<Console, 'warn'>;
}

export interface LiveClient {
  /** Opens the stream (again) unless it is open or being opened. */
  start(): void;
  /** Closes it and forgets the cursor: the next start is a new session's stream. */
  stop(): void;
  /** Closes it but keeps the cursor: the next start resumes where it left off (a hidden tab). */
  pause(): void;
  status(): LiveStatus;
}

export const BACKOFF_FIRST_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/**
 * Three heartbeats missed: the connection is dead without having said so (a proxy, a sleeping
 * laptop), since the server writes a comment every 15 s on an idle stream.
 */
export const IDLE_TIMEOUT_MS = 45_000;
/** A stream that ends sooner than this after opening counts as a failure, so a server that keeps closing at once is not hammered. */
export const HEALTHY_STREAM_MS = 5_000;

/** Delay before the `failures`-th reconnection (1-based): 1 s doubling to 30 s. */
export function backoffDelay(failures: number, random: () => number = () => 0.5): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, failures - 1));
  // ±20 %: deterministic enough to reason about, spread enough that 1,000 panels do not return in step.
  return Math.round(base * (0.8 + 0.4 * random()));
}

type Outcome =
  | { kind: 'ended'; lived: number }
  | { kind: 'failed' }
  | { kind: 'unauthorized' }
  | { kind: 'forbidden' }
  | { kind: 'stopped' };

const globalFetch: typeof fetch = (input, init) => fetch(input, init);

function isEventStream(response: Response): boolean {
  return (response.headers.get('Content-Type') ?? '').toLowerCase().startsWith('text/event-stream');
}

export function createLiveClient(deps: LiveClientDeps): LiveClient {
  const fetchFn = deps.fetchFn ?? globalFetch;
  const random = deps.random ?? Math.random;
  const logger = deps.logger ?? console;
  let status: LiveStatus = 'idle';
  let lastEventId = '';
  // Each start gets a generation; a loop of an earlier one stops at its next step.
  let generation = 0;
  let controller: AbortController | null = null;
  let wakeUp: (() => void) | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  function setStatus(next: LiveStatus): void {
    if (status === next) return;
    status = next;
    deps.onStatus?.(next);
  }

  function wait(ms: number, run: number): Promise<void> {
    return new Promise((resolve) => {
      if (run !== generation) return resolve();
      wakeUp = resolve;
      timer = setTimeout(() => {
        timer = null;
        wakeUp = null;
        resolve();
      }, ms);
    });
  }

  function handleFrame(event: string, data: string): void {
    if (event === 'reset') {
      deps.onReset();
      return;
    }
    if (event === 'access') {
      deps.onAccess?.();
      return;
    }
    if (event !== 'change') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      logger.warn('Live change: the data is not JSON', data);
      return;
    }
    const parsed = liveChangeSchema.safeParse(json);
    if (parsed.success) deps.onChange(parsed.data);
    else logger.warn('Live change: the data does not match the contract', parsed.error);
  }

  async function readStream(response: Response, abort: AbortController): Promise<void> {
    const body = response.body;
    if (!body) return;
    const reader = body.getReader();
    const decoder = new TextDecoder();
    const parser = createSseParser(
      {
        onEvent: (event) => {
          lastEventId = event.lastEventId;
          handleFrame(event.event, event.data);
        },
      },
      lastEventId,
    );
    let idle: ReturnType<typeof setTimeout> | null = null;
    const armIdle = () => {
      if (idle !== null) clearTimeout(idle);
      idle = setTimeout(() => abort.abort(), IDLE_TIMEOUT_MS);
    };
    armIdle();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        armIdle();
        parser.push(decoder.decode(value, { stream: true }));
        // An `id:` on a frame without data still moves the cursor.
        lastEventId = parser.lastEventId();
      }
    } finally {
      if (idle !== null) clearTimeout(idle);
      reader.releaseLock();
    }
  }

  async function connectOnce(run: number): Promise<Outcome> {
    await deps.session.ensureFreshToken();
    if (run !== generation) return { kind: 'stopped' };
    const token = deps.session.getAccessToken();
    if (token === null) return { kind: 'stopped' };
    const abort = new AbortController();
    controller = abort;
    const headers: Record<string, string> = {
      Accept: 'text/event-stream',
      Authorization: `Bearer ${token}`,
      'X-Requested-With': 'XMLHttpRequest',
      Lang: deps.getLocale(),
    };
    if (lastEventId !== '') headers['Last-Event-ID'] = lastEventId;
    setStatus('connecting');
    let response: Response;
    try {
      response = await fetchFn(deps.url, {
        method: 'GET',
        headers,
        credentials: 'include',
        cache: 'no-store',
        signal: abort.signal,
      });
    } catch {
      return run === generation ? { kind: 'failed' } : { kind: 'stopped' };
    }
    if (run !== generation) {
      abort.abort();
      return { kind: 'stopped' };
    }
    if (response.status === 401) return { kind: 'unauthorized' };
    if (response.status === 403) return { kind: 'forbidden' };
    // A server without the stream may answer the SPA's HTML or a JSON 404: not a stream, try later.
    if (!response.ok || !isEventStream(response)) {
      await response.body?.cancel().catch(() => undefined);
      return { kind: 'failed' };
    }
    const openedAt = Date.now();
    setStatus('open');
    try {
      await readStream(response, abort);
    } catch {
      // A dropped connection, or our own abort (idle watchdog, stop): told apart below.
    }
    if (run !== generation) return { kind: 'stopped' };
    return { kind: 'ended', lived: Date.now() - openedAt };
  }

  async function loop(run: number): Promise<void> {
    let failures = 0;
    let renewedFor401 = false;
    while (run === generation) {
      const outcome = await connectOnce(run);
      if (run !== generation || outcome.kind === 'stopped') break;
      if (outcome.kind === 'forbidden') {
        // The administrator may not follow changes at all; asking again would be refused again.
        setStatus('forbidden');
        return;
      }
      if (outcome.kind === 'unauthorized') {
        // The token was refused although it looked fresh: renew once and go straight back; a second
        // 401 in a row waits like any failure (the session manager ends a session it cannot renew).
        if (!renewedFor401 && (await deps.session.forceRenew()) === 'renewed') {
          renewedFor401 = true;
          continue;
        }
        failures += 1;
      } else if (outcome.kind === 'ended') {
        renewedFor401 = false;
        // The server closes the stream when the token expires: reconnect at once, unless it keeps
        // closing right after opening.
        failures = outcome.lived >= HEALTHY_STREAM_MS ? 0 : failures + 1;
      } else {
        failures += 1;
      }
      if (failures === 0) continue;
      setStatus('waiting');
      await wait(backoffDelay(failures, random), run);
    }
    // Ended without a stop (no token any more): idle, so the next sign-in's start opens it again.
    if (run === generation) setStatus('idle');
  }

  function close(): void {
    generation += 1;
    controller?.abort();
    controller = null;
    if (timer !== null) clearTimeout(timer);
    timer = null;
    wakeUp?.();
    wakeUp = null;
    setStatus('idle');
  }

  return {
    start() {
      if (status !== 'idle' && status !== 'forbidden') return;
      generation += 1;
      const run = generation;
      void loop(run).catch((error: unknown) => {
        logger.warn('Live changes stopped', error);
        if (run === generation) setStatus('idle');
      });
    },
    stop() {
      close();
      lastEventId = '';
    },
    pause: close,
    status: () => status,
  };
}

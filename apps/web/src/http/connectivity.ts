/**
 * Whether the services answer. The HTTP client reports every call's outcome; once a call cannot reach
 * its service (a network error, or a gateway's 502/503/504) the monitor probes again with growing
 * pauses until one answers, and anyone subscribed (the shell's notice) follows along.
 */
export type ConnectivityState =
  | { status: 'online' }
  /** `retryAt` is when the next probe starts (ms since the epoch), null while one is on its way. */
  | { status: 'unreachable'; retryAt: number | null };

/** Runs `task` once after `ms` milliseconds unless the returned function cancels it. */
export type ScheduleOnce = (ms: number, task: () => void) => () => void;

export interface ConnectivityDeps {
  /** A cheap public call; resolves true when the service answered. */
  probe: () => Promise<boolean>;
  /** Told when the services answer again, so what failed meanwhile can be fetched anew. */
  onRecovered?: () => void;
  now?: () => number;
  schedule?: ScheduleOnce;
}

export interface ConnectivityMonitor {
  getSnapshot(): ConnectivityState;
  subscribe(listener: () => void): () => void;
  /** A call got no answer from its service. */
  reportUnreachable(): void;
  /** A call got an answer (any status but a gateway's 502/503/504). */
  reportAnswered(): void;
  /** Probes at once instead of waiting for the next scheduled try. */
  retryNow(): void;
  stop(): void;
}

const FIRST_DELAY_MS = 2000;
const MAX_DELAY_MS = 30_000;
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** The pause before probe number `attempt` (0-based): 2 s, 4 s, 8 s, 16 s, then every 30 s. */
export function backoffDelayMs(attempt: number): number {
  return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** attempt);
}

/** A gateway in front of a service that is down answers for it: the service itself did not. */
export function isUnreachableStatus(status: number): boolean {
  return GATEWAY_STATUSES.has(status);
}

const ONLINE: ConnectivityState = { status: 'online' };

const scheduleWithTimeout: ScheduleOnce = (ms, task) => {
  const handle = setTimeout(task, ms);
  return () => clearTimeout(handle);
};

export function createConnectivityMonitor(deps: ConnectivityDeps): ConnectivityMonitor {
  const now = deps.now ?? (() => Date.now());
  const schedule = deps.schedule ?? scheduleWithTimeout;
  const listeners = new Set<() => void>();
  let state: ConnectivityState = ONLINE;
  let attempt = 0;
  let cancelTimer: (() => void) | null = null;

  function set(next: ConnectivityState): void {
    state = next;
    for (const listener of [...listeners]) listener();
  }

  function clearTimer(): void {
    cancelTimer?.();
    cancelTimer = null;
  }

  function scheduleProbe(): void {
    clearTimer();
    const delay = backoffDelayMs(attempt);
    cancelTimer = schedule(delay, () => void probe());
    set({ status: 'unreachable', retryAt: now() + delay });
  }

  async function probe(): Promise<void> {
    clearTimer();
    set({ status: 'unreachable', retryAt: null });
    const answered = await deps.probe().catch(() => false);
    // The client's own report of the probe (or of another call) may have settled it already.
    if (state.status === 'online') return;
    if (answered) {
      recover();
      return;
    }
    attempt += 1;
    scheduleProbe();
  }

  function recover(): void {
    clearTimer();
    attempt = 0;
    set(ONLINE);
    deps.onRecovered?.();
  }

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    reportUnreachable() {
      if (state.status === 'unreachable') return;
      attempt = 0;
      scheduleProbe();
    },
    reportAnswered() {
      if (state.status === 'online') return;
      recover();
    },
    retryNow() {
      // A probe on its way already is the retry.
      if (state.status === 'online' || state.retryAt === null) return;
      void probe();
    },
    stop() {
      clearTimer();
      listeners.clear();
    },
  };
}

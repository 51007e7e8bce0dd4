import type { MyPermissions } from '@pult/contract';
import { createPermissionCheck, type PermissionCheck } from './permission-check';

export type PermissionsState =
  | { status: 'signed-out' }
  | { status: 'loading' }
  | { status: 'ready'; version: string; check: PermissionCheck }
  | { status: 'failed'; error: unknown };

export interface PermissionsStore {
  getState(): PermissionsState;
  subscribe(listener: () => void): () => void;
  /** Signed in: load now, then keep following changes. */
  start(): void;
  /** Signed out: stop following and forget. */
  stop(): void;
  /** Ask again now (a 403 hints that the grants changed). */
  refresh(): Promise<void>;
  /**
   * Whether a live change stream is open: while it is, a change of one's access arrives as its
   * `access` event (which calls `refresh`), so the store stops polling and an idle panel is quiet.
   */
  setLive(open: boolean): void;
}

export interface PermissionsStoreDeps {
  load: () => Promise<MyPermissions>;
  /**
   * How often to ask while the page is visible. The server answers 304 while nothing changed, so a
   * few seconds keeps the menu in step with a colleague's edit of one's groups at little cost.
   */
  pollMs?: number;
  isVisible?: () => boolean;
  timers?: { set: (run: () => void, ms: number) => unknown; clear: (handle: unknown) => void };
}

const browserTimers = {
  set: (run: () => void, ms: number): unknown => setInterval(run, ms),
  clear: (handle: unknown) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export function createPermissionsStore(deps: PermissionsStoreDeps): PermissionsStore {
  const timers = deps.timers ?? browserTimers;
  const isVisible = deps.isVisible ?? (() => true);
  const listeners = new Set<() => void>();
  let state: PermissionsState = { status: 'signed-out' };
  let timer: unknown;
  // A sign-out (or a new sign-in) while a request is under way makes its answer stale.
  let generation = 0;
  let inFlight: Promise<void> | null = null;
  let live = false;

  const set = (next: PermissionsState) => {
    state = next;
    for (const listener of listeners) listener();
  };

  async function load(ofGeneration: number): Promise<void> {
    try {
      const permissions = await deps.load();
      if (ofGeneration !== generation) return;
      // Same version, same grants: keep the same object so nothing re-renders.
      if (state.status === 'ready' && state.version === permissions.version) return;
      set({ status: 'ready', version: permissions.version, check: createPermissionCheck(permissions) });
    } catch (error) {
      if (ofGeneration !== generation) return;
      // Known grants stay in force through a passing failure; the server decides anyway.
      if (state.status !== 'ready') set({ status: 'failed', error });
    }
  }

  function refresh(): Promise<void> {
    if (state.status === 'signed-out') return Promise.resolve();
    if (!inFlight) {
      inFlight = load(generation).finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      if (state.status !== 'signed-out') return;
      generation += 1;
      set({ status: 'loading' });
      void refresh();
      timer = timers.set(() => {
        if (isVisible() && !live) void refresh();
      }, deps.pollMs ?? 5000);
    },
    stop() {
      generation += 1;
      inFlight = null;
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      if (state.status !== 'signed-out') set({ status: 'signed-out' });
    },
    refresh,
    setLive(open) {
      // Catch up on what the poll would have seen while the stream was being opened or was down.
      if (open && !live) void refresh();
      live = open;
    },
  };
}

import type { LiveChange } from '@pult/contract';
import type { LiveStatus } from './live-client';

/**
 * Where the stream's changes meet the screens: each screen subscribes to the permission resource it
 * shows (`permissionResourceOf(descriptor)`, the name a change carries), or to every resource (the
 * dashboard). A `reset` (the server could not replay what was missed) reaches every subscriber.
 */
export type LiveEvent = { type: 'change'; change: LiveChange } | { type: 'reset' };
export type LiveListener = (event: LiveEvent) => void;

/** Subscribes to the changes of every resource. */
export const ANY_RESOURCE = '*';

export interface LiveHub {
  subscribe(resource: string, listener: LiveListener): () => void;
  publishChange(change: LiveChange): void;
  publishReset(): void;
  /** Whether the stream is open: screens that poll as a fallback stop while it is. */
  status(): LiveStatus;
  setStatus(status: LiveStatus): void;
  subscribeStatus(listener: () => void): () => void;
}

export function createLiveHub(logger: Pick<Console, 'warn'> = console): LiveHub {
  const listeners = new Map<string, Set<LiveListener>>();
  const statusListeners = new Set<() => void>();
  let status: LiveStatus = 'idle';

  function deliver(set: Set<LiveListener> | undefined, event: LiveEvent): void {
    for (const listener of [...(set ?? [])]) {
      try {
        listener(event);
      } catch (error) {
        // One screen's failure must not keep the change from the others.
        logger.warn('A live change listener failed', error);
      }
    }
  }

  return {
    subscribe(resource, listener) {
      let set = listeners.get(resource);
      if (!set) {
        set = new Set();
        listeners.set(resource, set);
      }
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(resource) === set) listeners.delete(resource);
      };
    },
    publishChange(change) {
      const event: LiveEvent = { type: 'change', change };
      deliver(listeners.get(change.resource), event);
      deliver(listeners.get(ANY_RESOURCE), event);
    },
    publishReset() {
      for (const set of [...listeners.values()]) deliver(set, { type: 'reset' });
    },
    status: () => status,
    setStatus(next) {
      if (next === status) return;
      status = next;
      for (const listener of [...statusListeners]) listener();
    },
    subscribeStatus(listener) {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
  };
}

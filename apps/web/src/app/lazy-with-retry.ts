import { LAZY_LOAD_RETRIES, LAZY_LOAD_RETRY_DELAY_MS } from '@pult/contract';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** Set while the one-off reload after a failed chunk load is in flight, so it never becomes a loop. */
export const RELOAD_FLAG_KEY = 'pult_lazy_reload';

type ModuleLoader<T> = () => Promise<{ default: T }>;

export interface RetryDeps {
  retries: number;
  delayMs: number;
  wait: (ms: number) => Promise<void>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  reload: () => void;
}

const defaultDeps = (): RetryDeps => ({
  retries: LAZY_LOAD_RETRIES,
  delayMs: LAZY_LOAD_RETRY_DELAY_MS,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
});

/**
 * Loads a module, retrying a failed import (a flaky network, or a chunk that vanished after a deploy)
 * `retries` times `delayMs` apart. When every attempt fails the page reloads once, which picks up the new
 * build's chunk names; the session-storage flag makes a second consecutive failure surface as an error
 * instead of reloading forever. A successful load clears the flag.
 */
export async function loadWithRetry<T>(
  loader: ModuleLoader<T>,
  deps: RetryDeps = defaultDeps(),
): Promise<{ default: T }> {
  for (let attempt = 0; ; attempt++) {
    try {
      const module = await loader();
      deps.storage.removeItem(RELOAD_FLAG_KEY);
      return module;
    } catch (error) {
      if (attempt < deps.retries) {
        await deps.wait(deps.delayMs);
        continue;
      }
      if (deps.storage.getItem(RELOAD_FLAG_KEY) === null) {
        deps.storage.setItem(RELOAD_FLAG_KEY, '1');
        deps.reload();
        // The page is going away; never settle so no error screen flashes before the reload.
        return new Promise<never>(() => {});
      }
      throw error;
    }
  }
}

/** `React.lazy` with the retry-then-reload policy of spec §2. */
export function lazyWithRetry<P extends object>(
  loader: ModuleLoader<ComponentType<P>>,
  deps?: RetryDeps,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => loadWithRetry(loader, deps));
}

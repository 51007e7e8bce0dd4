import { LAZY_LOAD_RETRIES, LAZY_LOAD_RETRY_DELAY_MS } from '@pult/contract';
import { type ComponentType, createElement, lazy } from 'react';

/** Set while the one-off reload after a failed chunk load is in flight, so it never becomes a loop. */
export const RELOAD_FLAG_KEY = 'pult_lazy_reload';

type ModuleLoader<T> = () => Promise<{ default: T }>;

export interface RetryDeps {
  retries: number;
  delayMs: number;
  wait: (ms: number) => Promise<void>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /**
   * Whether the panel's own server answers: reloading while it does not would swap the panel for the
   * browser's error page, so the in-app error page shows instead.
   */
  canReload: () => Promise<boolean>;
  reload: () => void;
}

/** A page's code could not be downloaded after every retry (and the one reload). */
export class PageLoadError extends Error {
  constructor(options: { cause: unknown }) {
    super('The page could not be loaded', options);
    this.name = 'PageLoadError';
  }
}

export function isPageLoadError(error: unknown): error is PageLoadError {
  return error instanceof PageLoadError;
}

/** The document itself, never from a cache: does the server answer right now? */
async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch(window.location.href, { method: 'HEAD', cache: 'no-store' });
    return response.ok;
  } catch {
    return false;
  }
}

const defaultDeps = (): RetryDeps => ({
  retries: LAZY_LOAD_RETRIES,
  delayMs: LAZY_LOAD_RETRY_DELAY_MS,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  storage: window.sessionStorage,
  canReload: serverAnswers,
  reload: () => window.location.reload(),
});

/**
 * Loads a module, retrying a failed import (a flaky network, or a chunk that vanished after a deploy)
 * `retries` times `delayMs` apart. When every attempt fails the page reloads once, which picks up the new
 * build's chunk names; the session-storage flag makes a second consecutive failure surface as a
 * `PageLoadError` instead of reloading forever, and so does a server that does not answer (a reload
 * would show the browser's error page). A successful load clears the flag.
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
      if (deps.storage.getItem(RELOAD_FLAG_KEY) === null && (await deps.canReload())) {
        deps.storage.setItem(RELOAD_FLAG_KEY, '1');
        deps.reload();
        // The page is going away; never settle so no error screen flashes before the reload.
        return new Promise<never>(() => {});
      }
      throw new PageLoadError({ cause: error });
    }
  }
}

/** Pages whose load failed, each able to forget its failure so the next render loads it afresh. */
const failedPages = new Set<() => void>();

/**
 * Lets every page that failed to load try again on its next render ("Try again" on the error page):
 * `React.lazy` keeps a failed import for good, so each gets a fresh lazy component.
 */
export function retryFailedPages(): void {
  for (const forget of [...failedPages]) forget();
  failedPages.clear();
}

/**
 * `React.lazy` with the retry-then-reload policy of spec §2, and a way back after it failed.
 * `preload` starts the download early (see `route-preload.ts`): the browser keeps one module per
 * address, so the page's own import later joins it. A failed preload is ignored, never retried or
 * reloaded for: the page's load applies the policy when it is needed.
 */
export function lazyWithRetry<P extends object>(
  loader: ModuleLoader<ComponentType<P>>,
  deps?: RetryDeps,
): ComponentType<P> & { preload: () => void } {
  const makeLazy = () =>
    lazy(() =>
      loadWithRetry(loader, deps).catch((error: unknown) => {
        failedPages.add(forget);
        throw error;
      }),
    );
  let current = makeLazy();
  function forget() {
    current = makeLazy();
  }
  function LazyPage(props: P) {
    return createElement(current, props);
  }
  LazyPage.preload = () => {
    loader().catch(() => undefined);
  };
  return LazyPage;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isPageLoadError,
  loadWithRetry,
  type PageLoadError,
  RELOAD_FLAG_KEY,
  type RetryDeps,
} from './lazy-with-retry';

const page = { default: () => null };

function makeDeps(reload = vi.fn()): RetryDeps {
  return {
    retries: 3,
    delayMs: 1000,
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    storage: window.sessionStorage,
    canReload: async () => true,
    reload,
  };
}

/** A loader failing `failures` times before it succeeds. */
function flakyLoader(failures: number) {
  let calls = 0;
  const loader = vi.fn(async () => {
    calls++;
    if (calls <= failures) throw new Error(`chunk failed (${calls})`);
    return page;
  });
  return loader;
}

describe('loadWithRetry', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves at once when the first import works', async () => {
    const loader = flakyLoader(0);
    await expect(loadWithRetry(loader, makeDeps())).resolves.toBe(page);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('retries a failed import 1000 ms apart', async () => {
    const loader = flakyLoader(2);
    const result = loadWithRetry(loader, makeDeps());
    await vi.advanceTimersByTimeAsync(0);
    expect(loader).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(loader).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loader).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(loader).toHaveBeenCalledTimes(3);
    await expect(result).resolves.toBe(page);
  });

  it('reloads the page once after the initial attempt and 3 retries fail', async () => {
    const reload = vi.fn();
    const loader = flakyLoader(Number.POSITIVE_INFINITY);
    void loadWithRetry(loader, makeDeps(reload));
    await vi.advanceTimersByTimeAsync(3000);
    expect(loader).toHaveBeenCalledTimes(4);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(RELOAD_FLAG_KEY)).toBe('1');
  });

  it('throws a PageLoadError instead of reloading again when the reload did not help', async () => {
    window.sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    const reload = vi.fn();
    const result = loadWithRetry(flakyLoader(Number.POSITIVE_INFINITY), makeDeps(reload));
    const settled = result.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(3000);
    const error = await settled;
    expect(isPageLoadError(error)).toBe(true);
    expect((error as PageLoadError).cause).toEqual(new Error('chunk failed (4)'));
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload while the server does not answer, which would show the browser error page', async () => {
    const reload = vi.fn();
    const deps = { ...makeDeps(reload), canReload: async () => false };
    const result = loadWithRetry(flakyLoader(Number.POSITIVE_INFINITY), deps);
    const settled = result.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(3000);
    expect(isPageLoadError(await settled)).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    expect(window.sessionStorage.getItem(RELOAD_FLAG_KEY)).toBeNull();
  });

  it('clears the reload flag after a successful load', async () => {
    window.sessionStorage.setItem(RELOAD_FLAG_KEY, '1');
    await loadWithRetry(flakyLoader(0), makeDeps());
    expect(window.sessionStorage.getItem(RELOAD_FLAG_KEY)).toBeNull();
  });
});

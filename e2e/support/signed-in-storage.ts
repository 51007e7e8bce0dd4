import type { Page } from '@playwright/test';
import type { TokenPair } from './admin-api.js';

/**
 * Puts an API sign-in's tokens where the panel keeps them, before its first script runs. Used by the
 * e2e fixtures and the benchmarks, so it imports nothing of the test runner.
 */
export async function startSignedIn(target: Pick<Page, 'addInitScript'>, tokens: TokenPair): Promise<void> {
  await target.addInitScript((pair) => {
    // Once per tab: later loads keep whatever the panel has stored since (renewed tokens).
    if (window.sessionStorage.getItem('e2e-signed-in') !== null) return;
    window.sessionStorage.setItem('e2e-signed-in', '1');
    window.localStorage.setItem('access_token', pair.access_token);
    window.localStorage.setItem('refresh_token', pair.refresh_token);
    window.localStorage.setItem('expires_at', String(pair.expires_at));
    window.localStorage.setItem('refresh_expired_at', String(pair.refresh_expired_at));
  }, tokens);
}

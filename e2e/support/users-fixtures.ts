import type { Page } from '@playwright/test';
import { type AdminApi, adminApi, type TokenPair } from './admin-api.js';
import { test as base } from './fixtures.js';

export { expect } from './fixtures.js';

/**
 * Fixtures of the Users-module specs. `adminPage` is a page already signed in as the demo administrator:
 * the tokens of an API sign-in are put into local storage before the panel's first script runs, which
 * saves the sign-in form on every test (the form itself is covered by signin.spec.ts). `api` calls the
 * API as the same administrator.
 */
export const test = base.extend<{ api: AdminApi; adminPage: Page }>({
  api: async ({ pult }, use) => {
    await use(await adminApi(pult.url));
  },
  adminPage: async ({ page, pult }, use) => {
    // A sign-in of its own, so the panel's token renewals never touch the `api` fixture's tokens.
    const { tokens } = await adminApi(pult.url);
    await startSignedIn(page, tokens);
    await use(page);
  },
});

/** Puts an API sign-in's tokens where the panel keeps them, before its first script runs. */
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

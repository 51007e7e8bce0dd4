import type { Page } from '@playwright/test';
import { type AdminApi, adminApi } from './admin-api.js';
import { test as base } from './fixtures.js';
import { startSignedIn } from './signed-in-storage.js';

export { expect } from './fixtures.js';
export { startSignedIn } from './signed-in-storage.js';

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

import { test as base, expect, type Page } from '@playwright/test';
import { DEMO_ADMIN, type PultServer, startPult } from './pult-server.js';

/** One demo server per worker, shared by the tests of that worker that need no special settings. */
export const test = base.extend<{ signedIn: Page }, { pult: PultServer }>({
  pult: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      const server = await startPult();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ pult }, use) => use(pult.url),
  signedIn: async ({ page }, use) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await use(page);
  },
});

export { expect };

/** Signs in through the form; `origin` is needed where the test has no baseURL. */
export async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  origin = '',
): Promise<void> {
  await page.goto(`${origin}/`);
  await page.getByLabel(/e-mail|ел\. пошта|пошта/i).fill(email);
  await page.getByLabel(/password|пароль/i).fill(password);
  await page.getByRole('button', { name: /sign in|увійти/i }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

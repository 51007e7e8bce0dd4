import { expect, test } from '@playwright/test';
import { storedItem } from '../support/browser-storage.js';
import { signInThroughForm } from '../support/fixtures.js';
import { DEMO_ADMIN, type PultServer, startPult } from '../support/pult-server.js';

/** Token renewal with real, short lifetimes (spec §4, §9). */
test.describe('session renewal across tabs', () => {
  let pult: PultServer;
  // 36 s access tokens: renewal is due (< 30 s left) about 6 s after each sign-in or renewal.
  test.beforeAll(async () => {
    pult = await startPult({ ACCESS_TOKEN_TTL: '36', REFRESH_TOKEN_TTL: '600' });
  });
  test.afterAll(() => pult?.stop());

  test('two tabs keep working while the access token is renewed', async ({ context }) => {
    const tabA = await context.newPage();
    await signInThroughForm(tabA, DEMO_ADMIN.email, DEMO_ADMIN.password, pult.url);
    const first = await storedItem(tabA, 'access_token');
    const tabB = await context.newPage();
    await tabB.goto(`${pult.url}/profile`);
    await expect(tabB.getByText(DEMO_ADMIN.email).first()).toBeVisible();

    await expect
      .poll(() => storedItem(tabA, 'access_token'), { timeout: 30_000, intervals: [1_000] })
      .not.toBe(first);
    const renewed = await storedItem(tabA, 'access_token');
    expect(await storedItem(tabB, 'access_token')).toBe(renewed);

    for (const tab of [tabA, tabB]) {
      await tab.goto(`${pult.url}/profile`);
      await expect(tab).toHaveURL(/\/profile$/);
      await expect(tab.getByText(DEMO_ADMIN.email).first()).toBeVisible();
    }
  });

  test('a 401 forces one renewal and the request is retried', async ({ page }) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password, pult.url);
    const refreshTokenBefore = await storedItem(page, 'refresh_token');
    // A token the server rejects, while the stored expiry still says it is fresh.
    await page.evaluate(() => window.localStorage.setItem('access_token', 'not-a-valid-token'));
    await page.goto(`${pult.url}/profile`);
    await expect(page.getByText(DEMO_ADMIN.email).first()).toBeVisible();
    expect(await storedItem(page, 'refresh_token')).not.toBe(refreshTokenBefore);
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('a renewal that reaches no server keeps the session: the next one renews it', async ({ page }) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password, pult.url);
    const refreshToken = await storedItem(page, 'refresh_token');
    // As when the network drops, or a page unload cuts the renewal short.
    await page.route('**/auth/admin/refresh-token', (route) => route.abort('internetdisconnected'));
    await page.evaluate(() => window.localStorage.setItem('access_token', 'not-a-valid-token'));
    await page.goto(`${pult.url}/profile`);
    await expect(
      page.getByRole('status').filter({ hasText: 'Не вдається з’єднатися з сервером.' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/profile$/);
    expect(await storedItem(page, 'refresh_token')).toBe(refreshToken);
    expect(await storedItem(page, 'access_token')).toBe('not-a-valid-token');

    await page.unroute('**/auth/admin/refresh-token');
    await page.reload();
    await expect(page.getByText(DEMO_ADMIN.email).first()).toBeVisible();
    expect(await storedItem(page, 'refresh_token')).not.toBe(refreshToken);
  });

  test('logging out in one tab signs the other tab out too', async ({ context }) => {
    const tabA = await context.newPage();
    await signInThroughForm(tabA, DEMO_ADMIN.email, DEMO_ADMIN.password, pult.url);
    const tabB = await context.newPage();
    await tabB.goto(`${pult.url}/dashboard`);
    await expect(tabB).toHaveURL(/\/dashboard$/);
    await tabA.getByRole('button', { name: 'Профіль' }).click();
    await tabA.getByRole('menuitem', { name: 'Вийти' }).click();
    await expect(tabA).toHaveURL(new RegExp(`${pult.url}/$`));
    await expect(tabB).toHaveURL(new RegExp(`${pult.url}/$`));
  });
});

test.describe('session end', () => {
  let pult: PultServer;
  // The whole sign-in may last 12 s: the refresh token cannot outlive it.
  test.beforeAll(async () => {
    pult = await startPult({ ACCESS_TOKEN_TTL: '10', REFRESH_TOKEN_TTL: '12', SESSION_MAX_AGE: '12' });
  });
  test.afterAll(() => pult?.stop());

  test('the panel signs out to / when the refresh token expires', async ({ page }) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password, pult.url);
    await expect(page).toHaveURL(new RegExp(`${pult.url}/$`), { timeout: 30_000 });
    // The panel hands "/" to the public entry with a page load of its own: read storage after it.
    await expect(page.getByRole('status')).toContainText('Термін дії сеансу минув.');
    expect(await storedItem(page, 'access_token')).toBeNull();
    expect(await storedItem(page, 'refresh_token')).toBeNull();
  });
});

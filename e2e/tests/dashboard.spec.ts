import { expect, type Page, test } from '@playwright/test';
import { signInThroughForm } from '../support/fixtures.js';
import { DEMO_ADMIN, type PultServer, startPult } from '../support/pult-server.js';

/** The dashboard's figures (issue 13, part 1): each links to the list it counts. */
test.describe('dashboard figures', () => {
  test.describe.configure({ mode: 'serial' });
  let pult: PultServer;
  test.beforeAll(async () => {
    pult = await startPult();
  });
  test.afterEach(async ({ page: _page }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('server-output', { body: pult.output(), contentType: 'text/plain' });
    }
  });
  test.afterAll(async () => {
    await pult?.stop();
  });
  test.use({ baseURL: undefined });

  const signIn = (page: Page) => signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password, pult.url);

  test('a figure opens the list filtered to it, with the same count', async ({ page }) => {
    await signIn(page);
    await page.goto(`${pult.url}/dashboard`);
    const card = page.getByRole('region', { name: 'Користувачі за статусом' });
    const active = card.locator('li', { has: page.getByRole('link', { name: 'Активні' }) });
    const figure = (await active.locator('p').last().innerText()).replace(/\s/g, '');
    expect(Number(figure)).toBeGreaterThan(0);
    await active.getByRole('link', { name: 'Активні' }).click();
    await expect(page).toHaveURL(/\/auth\/users\?filter%5Bstatus%5D=1|\/auth\/users\?filter\[status\]=1/);
    const range = page.getByText(/\d+–\d+ з [\d\s {2}]+$/);
    await expect(range).toBeVisible();
    expect((await range.innerText()).split(' з ')[1]!.replace(/\s/g, '')).toBe(figure);
  });

  test('a card that fails shows its own error and the others still load', async ({ page }) => {
    await page.route('**/auth/admin/dashboard/cards/auth.usersByStatus', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await signIn(page);
    await page.goto(`${pult.url}/dashboard`);
    const failed = page.getByRole('region', { name: 'Користувачі за статусом' });
    await expect(failed.getByText('Не вдалося завантажити показник.')).toBeVisible({ timeout: 30_000 });
    const queue = page.getByRole('region', { name: 'Черга листів за статусом' });
    await expect(queue.getByRole('link', { name: 'Надіслані' })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Нові користувачі за день' }).locator('svg').first(),
    ).toBeVisible();
  });
});

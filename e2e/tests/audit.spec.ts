import { expect, type Page, test } from '@playwright/test';
import { type AdminApi, adminApi } from '../support/admin-api.js';
import { signInThroughForm } from '../support/fixtures.js';
import { DEMO_ADMIN, type PultServer, startPult } from '../support/pult-server.js';

/** The audit log (issue 13, part 4): a change made in the panel, found from the record and diffed. */
test.describe('audit log', () => {
  test.describe.configure({ mode: 'serial' });
  let pult: PultServer;
  let api: AdminApi;
  test.beforeAll(async () => {
    pult = await startPult();
    api = await adminApi(pult.url);
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

  test('an edit made in the panel shows in the record history with its before and after', async ({
    page,
  }) => {
    const user = await api.createUser({ first_name: 'Марко', last_name: 'Вовчок' });
    await signIn(page);
    await page.goto(`${pult.url}/auth/users/edit?id=${user.id}`);
    const firstName = page.locator('input[name="first_name"]');
    await expect(firstName).toHaveValue('Марко');
    await firstName.fill('Марія');
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page).toHaveURL(/\/auth\/users(\?|$)/);

    await page.goto(`${pult.url}/auth/users/edit?id=${user.id}`);
    await page.getByRole('link', { name: 'Історія змін' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/auth/audit\\?filter%5Bresource%5D=users&filter%5Brecord_id%5D=${user.id}`),
    );
    await expect(page.getByRole('heading', { name: `Історія запису users #${user.id}` })).toBeVisible();
    const rows = page.locator('tbody tr');
    // Newest first: the panel's edit, then the API's create.
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Зміна');
    await expect(rows.nth(0)).toContainText(DEMO_ADMIN.email);
    await expect(rows.nth(1)).toContainText('Створення');

    await rows
      .nth(0)
      .getByRole('link', { name: /Переглянути запис журналу/ })
      .click();
    await expect(page).toHaveURL(/\/auth\/audit\/view\/\d+/);
    const changes = page.getByRole('table', { name: 'Зміни' });
    const change = changes.getByRole('row', { name: /first_name/ });
    await expect(change.getByTestId('audit-before')).toHaveText('Марко');
    await expect(change.getByTestId('audit-after')).toHaveText('Марія');
    // Only what changed is listed.
    await expect(changes.getByRole('row', { name: /last_name/ })).toHaveCount(0);
    await expect(page.getByText('Chrome', { exact: false }).first()).toBeVisible();

    // The log cannot be edited from the screen: no edit or delete control anywhere on it.
    await expect(page.getByRole('button', { name: /Видалити|Редагувати/ })).toHaveCount(0);
  });

  test('the list filters by action', async ({ page }) => {
    await signIn(page);
    await page.goto(`${pult.url}/auth/audit?filter[action]=signin`);
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toContainText('Вхід');
    const texts = await rows.allInnerTexts();
    expect(texts.every((text) => text.includes('Вхід'))).toBe(true);
  });
});

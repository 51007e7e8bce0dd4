import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { AdminApi } from '../support/admin-api.js';
import { startPult } from '../support/pult-server.js';
import { columnCells, expectSettled, expectUrlParams, resourceTable } from '../support/table.js';
import { test as base, expect } from '../support/users-fixtures.js';

/**
 * A broad filter on a big list: the total is an estimate the panel shows as "about N", and paging
 * forward and back still works. A server of its own counts at most 20 matches, so 30 users make a
 * filter "broad" without seeding a million of them.
 */
const test = base.extend({
  pult: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      const server = await startPult({ LIST_COUNT_LIMIT: '20' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

const TITLE = 'Користувачі';

/**
 * `count` users sharing a new tag in their e-mail, and the users list filtered by it: an estimate.
 * The tag is random hex after its prefix: `uniqueTag`'s time prefix is shared by every user this file creates,
 * and a trigram in more than a tenth of a small table makes the list ask its index for the tag's rarer
 * part and collect up to ten times the count limit, which would count these few exactly at once.
 */
async function broadFilter(page: Page, api: AdminApi, prefix: string, count: number) {
  const tag = `${prefix}${randomBytes(5).toString('hex')}`;
  for (let index = 1; index <= count; index += 1) {
    await api.createUser({ email: `${tag}.${String(index).padStart(2, '0')}@e2e.test` });
  }
  await page.goto('/auth/users');
  const table = resourceTable(page, TITLE);
  await page.getByRole('textbox', { name: 'Фільтр: Е-пошта' }).fill(tag);
  await expectUrlParams(page, { 'filter[email]': tag });
  await expectSettled(table);
  await expect(page.getByText(/^1–10 з близько \d+$/)).toBeVisible();
  return { tag, table };
}

test('a broad filter shows "about N" and pages forward and back', async ({ adminPage: page, api }) => {
  const { table } = await broadFilter(page, api, 'about', 30);
  // The last page is not known, so it is not offered; the next one is.
  await expect(page.getByRole('button', { name: 'Остання сторінка' })).toBeDisabled();
  const firstPage = await (await columnCells(table, 'Е-пошта')).allTextContents();
  expect(firstPage).toHaveLength(10);

  await page.getByRole('button', { name: 'Наступна сторінка' }).click();
  await expectUrlParams(page, { page: '2' });
  await expectSettled(table);
  await expect(page.getByText(/^11–20 з близько \d+$/)).toBeVisible();
  const secondPage = await (await columnCells(table, 'Е-пошта')).allTextContents();
  expect(secondPage).toHaveLength(10);
  expect(secondPage.filter((email) => firstPage.includes(email))).toEqual([]);

  // The short last page ends the list, so its total is exact again.
  await page.getByRole('button', { name: 'Наступна сторінка' }).click();
  await expectUrlParams(page, { page: '3' });
  await expectSettled(table);
  await expect(page.getByText('21–30 з 30', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Наступна сторінка' })).toBeDisabled();

  await page.getByRole('button', { name: 'Попередня сторінка' }).click();
  await expectUrlParams(page, { page: '2' });
  await expectSettled(table);
  await expect(await columnCells(table, 'Е-пошта')).toHaveText(secondPage);
  await page.getByRole('button', { name: 'Попередня сторінка' }).click();
  await expectUrlParams(page, { page: null });
  await expectSettled(table);
  await expect(await columnCells(table, 'Е-пошта')).toHaveText(firstPage);
  await expect(page.getByText(/^1–10 з близько \d+$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('about-n-uk-UA.png'), fullPage: true });

  // The same wording in English.
  await page.evaluate(() => window.localStorage.setItem('language_locale', 'en-US'));
  await page.reload();
  await expectSettled(resourceTable(page, 'Users'));
  await expect(page.getByText(/^1–10 of about \d+$/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('about-n-en-US.png'), fullPage: true });
});

test('"Count exactly" replaces the estimate with the exact total and offers the last page', async ({
  adminPage: page,
  api,
}) => {
  const { tag, table } = await broadFilter(page, api, 'exact', 27);
  await page.getByRole('button', { name: 'Порахувати точно' }).click();
  await expect(page.getByText('1–10 з 27', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Порахувати точно' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Остання сторінка' })).toBeEnabled();
  await page.getByRole('button', { name: 'Остання сторінка' }).click();
  await expectUrlParams(page, { page: '3' });
  await expectSettled(table);
  await expect(page.getByText('21–27 з 27', { exact: true })).toBeVisible();

  // Another filter is another count: its total is an estimate again until asked.
  await page.getByRole('textbox', { name: 'Фільтр: Е-пошта' }).fill(`${tag}.`);
  await expectUrlParams(page, { 'filter[email]': `${tag}.` });
  await expectSettled(table);
  await expect(page.getByRole('button', { name: 'Порахувати точно' })).toBeVisible();
});

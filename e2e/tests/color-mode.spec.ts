import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expectSettled, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** The top bar's light/dark switch: follows the system until chosen, then remembers the choice. */
const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);

async function expectNoContrastIssues(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  expect(
    results.violations.flatMap((violation) => violation.nodes.map((node) => node.target.join(' '))),
  ).toEqual([]);
}

test.describe('dark mode', () => {
  test('follows prefers-color-scheme until chosen, and keeps the choice after a reload', async ({
    adminPage: page,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/auth/users');
    await expectSettled(resourceTable(page, 'Користувачі'));
    const toggle = page.getByRole('button', { name: 'Темна тема' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await background(page)).toBe('rgb(18, 18, 18)');
    await expectNoContrastIssues(page);

    // The system turns light: followed while nothing is chosen.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(await background(page)).toBe('rgb(250, 250, 250)');

    // Chosen dark while the system is light: remembered across a reload.
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('color_mode'))).toBe('dark');
    await page.reload();
    await expectSettled(resourceTable(page, 'Користувачі'));
    await expect(page.getByRole('button', { name: 'Темна тема' })).toHaveAttribute('aria-pressed', 'true');
    expect(await background(page)).toBe('rgb(18, 18, 18)');
  });

  test('the dark theme reads well on the main screens, in both languages', async ({ adminPage: page }) => {
    await page.addInitScript(() => localStorage.setItem('color_mode', 'dark'));
    for (const language of ['uk-UA', 'en-US']) {
      await page.addInitScript((code) => localStorage.setItem('language_locale', code), language);
      for (const path of ['/auth/users', '/notifications/email-queue', '/storage/buckets']) {
        await page.goto(path);
        await expect(page.getByRole('table')).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoContrastIssues(page);
      }
    }
  });
});

import type { Browser, Page } from '@playwright/test';
import { adminApi, type TokenPair } from '../support/admin-api.js';
import { expect, test } from '../support/fixtures.js';
import { withoutLiveStream } from '../support/live-stream.js';
import { type PanelRoute, PUBLIC_ROUTES, SHELL_ROUTES } from '../support/routes.js';

/**
 * Phone width (issue 12 §2): at 390×844 no route scrolls sideways, the top bar's items fit, and a
 * list's rows are cards with their actions, selection and pagination. One server for the file.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

// Each test signs in afresh: a sign-in shared by the file's tests could outlive its access token on a
// loaded machine, and a later test presenting a refresh token an earlier one rotated is signed out.
const signedIn = test.extend<{ tokens: TokenPair }>({
  tokens: async ({ pult }, use) => {
    await use((await adminApi(pult.url)).tokens);
  },
});

async function phonePage(browser: Browser, baseURL: string, tokens?: TokenPair): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  await withoutLiveStream(context);
  await context.addInitScript((pair) => {
    window.localStorage.setItem('language_locale', 'uk-UA');
    if (pair && window.localStorage.getItem('access_token') === null) {
      window.localStorage.setItem('access_token', pair.access_token);
      window.localStorage.setItem('refresh_token', pair.refresh_token);
      window.localStorage.setItem('expires_at', String(pair.expires_at));
      window.localStorage.setItem('refresh_expired_at', String(pair.refresh_expired_at));
    }
  }, tokens ?? null);
  return context.newPage();
}

/** How far the page scrolls sideways, and the widest elements that stick out, to name the culprit. */
async function sidewaysOverflow(page: Page, route: PanelRoute): Promise<string | null> {
  await page.goto(route.path);
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return page.evaluate((path) => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return null;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
      .slice(0, 3)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 2).join('.')}`);
    return `${path}: scrollWidth ${root.scrollWidth} > ${root.clientWidth} (${wide.join(', ')})`;
  }, route.path);
}

signedIn('no public route scrolls sideways at 390 px', async ({ browser, pult }) => {
  const page = await phonePage(browser, pult.url);
  const offenders: string[] = [];
  for (const route of PUBLIC_ROUTES) {
    const overflow = await sidewaysOverflow(page, route);
    if (overflow) offenders.push(overflow);
  }
  expect(offenders).toEqual([]);
  await page.context().close();
});

// One test per route: a walk of all forty-odd in one test outlived even 4 minutes on a loaded machine.
for (const route of SHELL_ROUTES) {
  signedIn(`${route.path} does not scroll sideways at 390 px`, async ({ browser, pult, tokens }) => {
    const page = await phonePage(browser, pult.url, tokens);
    expect(await sidewaysOverflow(page, route)).toBeNull();
    await page.context().close();
  });
}

signedIn('the top bar keeps its menu button, title and avatar in view', async ({ browser, pult, tokens }) => {
  const page = await phonePage(browser, pult.url, tokens);
  await page.goto('/auth/users');
  const bar = page.getByRole('banner');
  const items = [
    bar.getByRole('button', { name: 'Відкрити меню' }),
    bar.getByRole('link', { name: 'Пульт' }),
    bar.getByRole('button', { name: /^Профіль/ }),
  ];
  for (const item of items) {
    await expect(item).toBeVisible();
    const box = await item.boundingBox();
    expect(box, 'on screen').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  }
  await page.context().close();
});

signedIn(
  'the users list is a stack of cards with actions, selection and pages',
  async ({ browser, pult, tokens }) => {
    const page = await phonePage(browser, pult.url, tokens);
    await page.goto('/auth/users');
    await expect(page.getByRole('table')).toHaveCount(0);
    const cards = page.getByRole('list', { name: 'Користувачі' }).getByRole('listitem');
    await expect(cards).toHaveCount(10);
    const first = cards.first();
    await expect(first.getByText('Е-пошта')).toBeVisible();
    await expect(first.getByRole('link', { name: /^Редагувати / })).toBeVisible();
    const firstBox = await first.boundingBox();
    expect(firstBox!.x + firstBox!.width).toBeLessThanOrEqual(PHONE.width);

    await first.getByRole('checkbox').check();
    await expect(page.getByText('Вибрано: 1')).toBeVisible();

    const pages = page.getByRole('navigation', { name: /сторінк/i });
    await expect(pages.getByText(/^Сторінка 1 з \d+/)).toBeVisible();
    await pages.getByRole('button', { name: 'Наступна сторінка' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(pages.getByText(/^Сторінка 2 з \d+/)).toBeVisible();

    // A dialog opened from a card fits the screen too.
    await cards
      .getByRole('button', { name: /^Видалити / })
      .first()
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    const dialogBox = await dialog.getByRole('heading').boundingBox();
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(PHONE.width);
    await page.context().close();
  },
);

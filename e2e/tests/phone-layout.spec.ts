import type { Browser, Page } from '@playwright/test';
import { adminApi, type TokenPair } from '../support/admin-api.js';
import { expect, test } from '../support/fixtures.js';
import { dealInto, openWalkPage, visitRoute } from '../support/route-walk.js';
import { type PanelRoute, PUBLIC_ROUTES, SHELL_ROUTES } from '../support/routes.js';

/**
 * Phone width (issue 12 §2): at 390×844 no route scrolls sideways, the top bar's items fit, and a
 * list's rows are cards with their actions, selection and pagination.
 */
const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });
test.describe.configure({ mode: 'parallel' });

// Each test signs in afresh: a sign-in shared by the file's tests could outlive its access token on a
// loaded machine, and a later test presenting a refresh token an earlier one rotated is signed out.
const signedIn = test.extend<{ tokens: TokenPair }>({
  tokens: async ({ pult }, use) => {
    await use((await adminApi(pult.url)).tokens);
  },
});

function phonePage(browser: Browser, baseURL: string, tokens?: TokenPair): Promise<Page> {
  return openWalkPage(browser, baseURL, { locale: 'uk-UA', tokens: tokens ?? null, viewport: PHONE });
}

/** How far the page scrolls sideways, and the widest elements that stick out, to name the culprit. */
async function sidewaysOverflow(page: Page, route: PanelRoute, reload: boolean): Promise<string | null> {
  await visitRoute(page, route.path, { reload });
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
    const overflow = await sidewaysOverflow(page, route, true);
    if (overflow) offenders.push(overflow);
  }
  expect(offenders).toEqual([]);
  await page.context().close();
});

// The signed-in routes in a few tests that run in parallel, each moving through its routes within the
// panel (support/route-walk.ts): a page load per route took 6 minutes of CI's workers.
const GROUPS = 4;

for (const routes of dealInto(SHELL_ROUTES, GROUPS)) {
  signedIn(
    `${routes.map((route) => route.path).join(', ')} do not scroll sideways at 390 px`,
    async ({ browser, pult, tokens }) => {
      test.setTimeout(routes.length * 20_000);
      const page = await phonePage(browser, pult.url, tokens);
      const offenders: string[] = [];
      for (const route of routes) {
        await test.step(route.path, async () => {
          const overflow = await sidewaysOverflow(page, route, false);
          if (overflow) offenders.push(overflow);
        });
      }
      expect(offenders).toEqual([]);
      await page.context().close();
    },
  );
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

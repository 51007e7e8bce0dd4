import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page, Request } from '@playwright/test';
import { setItemsOnNextLoad } from '../support/browser-storage.js';
import { expect, test } from '../support/fixtures.js';
import { expectSettled, resourceTable } from '../support/table.js';

/**
 * Forms and navigation (issue 12 §3): leaving unsaved forms, the server-unreachable notice, the page
 * that cannot load, why a session ended, and the keyboard's way around (focus ring, heading focus,
 * skip link, Escape). One demo server for the whole file (fixtures.ts).
 */

const MENU = 'Головне меню';

function menuLink(page: Page, name: string): Locator {
  return page.getByRole('navigation', { name: MENU }).getByRole('link', { name, exact: true });
}

function firstName(page: Page): Locator {
  return page.getByRole('textbox', { name: 'Ім’я', exact: true });
}

/** The create screen of a user with a first name typed in, as a person would (keys, not a paste). */
async function startNewUser(page: Page): Promise<void> {
  await page.goto('/auth/users');
  await page.getByRole('link', { name: 'Новий користувач' }).click();
  await expect(page).toHaveURL(/\/auth\/users\/create$/);
  await firstName(page).click();
  await firstName(page).pressSequentially('Olena');
}

function leaveDialog(page: Page): Locator {
  return page.getByRole('alertdialog', { name: 'Вийти без збереження?' });
}

/**
 * axe's serious and critical WCAG 2.1 A/AA findings on the page as it is now (see a11y.spec.ts), or
 * within `only` (a CSS selector) where the rest of the page is in a passing state of its own.
 */
async function seriousViolations(page: Page, only?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const results = await (only ? builder.include(only) : builder).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Calls the API (not the page, its scripts or styles). */
const isApiCall = (request: Request) => request.resourceType() === 'fetch';

test.describe('unsaved changes', () => {
  test('a menu link asks first: Stay keeps the typing, Escape too, Leave goes', async ({
    signedIn: page,
  }) => {
    await startNewUser(page);
    await menuLink(page, 'Профіль').click();
    await expect(leaveDialog(page)).toBeVisible();
    await expect(leaveDialog(page)).toContainText('незбережені зміни');
    expect(await seriousViolations(page)).toEqual([]);
    await leaveDialog(page).getByRole('button', { name: 'Залишитися' }).click();
    await expect(leaveDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/users\/create$/);
    await expect(firstName(page)).toHaveValue('Olena');

    await menuLink(page, 'Профіль').click();
    await expect(leaveDialog(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(leaveDialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/users\/create$/);

    await menuLink(page, 'Профіль').click();
    await leaveDialog(page).getByRole('button', { name: 'Вийти без збереження' }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test('the back button asks too', async ({ signedIn: page }) => {
    await startNewUser(page);
    await page.goBack();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Залишитися' }).click();
    await expect(page).toHaveURL(/\/auth\/users\/create$/);
    await expect(firstName(page)).toHaveValue('Olena');
    await page.goBack();
    await leaveDialog(page).getByRole('button', { name: 'Вийти без збереження' }).click();
    await expect(page).toHaveURL(/\/auth\/users$/);
  });

  test("the form's own Cancel and a pristine form leave without asking", async ({ signedIn: page }) => {
    await startNewUser(page);
    await page.getByRole('button', { name: 'Скасувати' }).click();
    await expect(page).toHaveURL(/\/auth\/users$/);
    await expect(leaveDialog(page)).toHaveCount(0);

    await page.getByRole('link', { name: 'Новий користувач' }).click();
    await expect(firstName(page)).toBeVisible();
    await menuLink(page, 'Профіль').click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(leaveDialog(page)).toHaveCount(0);
  });

  test('closing the tab with changes asks the browser to confirm', async ({ signedIn: page }) => {
    await startNewUser(page);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type());
      void dialog.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
  });

  test('the profile form asks as well', async ({ signedIn: page }) => {
    await menuLink(page, 'Профіль').click();
    const about = page.getByRole('textbox', { name: 'Про себе' });
    await about.click();
    await about.pressSequentially(' і ще');
    await menuLink(page, 'Панель').click();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Вийти без збереження' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('server unreachable', () => {
  test('a notice under the top bar comes, retries and goes; the shell stays', async ({ signedIn: page }) => {
    await page.goto('/auth/countries');
    const table = resourceTable(page, 'Країни');
    await expectSettled(table);

    await page.route(
      () => true,
      (route) => (isApiCall(route.request()) ? route.abort('connectionrefused') : route.continue()),
    );
    await table.getByRole('button', { name: 'Код ISO' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Не вдається з’єднатися з сервером.' });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/Повторна спроба через \d+ секунд/);
    await expect(page.getByRole('navigation', { name: MENU })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Країни' })).toBeVisible();
    // The table dims its rows while the failed request is retried; the notice is what is new here.
    expect(await seriousViolations(page, 'main [role="status"]')).toEqual([]);

    // Still down: "Retry now" tries and the notice stays.
    await notice.getByRole('button', { name: 'Повторити зараз' }).click();
    await expect(notice).toBeVisible();

    await page.unrouteAll();
    // "Retry now" probes at once; a request of the page that gets through first may already have
    // taken the notice away (then the button is gone mid-click), so: retry until it is gone.
    await expect(async () => {
      if ((await notice.count()) > 0) {
        await notice.getByRole('button', { name: 'Повторити зараз' }).click({ timeout: 2_000 });
      }
      await expect(notice).toHaveCount(0, { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expectSettled(table);
    await expect(table.locator('tbody > tr').first()).toBeVisible();
  });

  test('the notice also goes by itself once the service answers again', async ({ signedIn: page }) => {
    await page.goto('/auth/countries');
    // The list first: a page whose own first load fails shows its error, not the sortable headers.
    const table = resourceTable(page, 'Країни');
    await expectSettled(table);
    await page.route(
      () => true,
      (route) => (isApiCall(route.request()) ? route.abort('connectionrefused') : route.continue()),
    );
    await table.getByRole('button', { name: 'Код ISO' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'Не вдається з’єднатися з сервером.' });
    await expect(notice).toBeVisible();
    await page.unrouteAll();
    // The first probe runs 2 s after the failure, the next 4 s later.
    await expect(notice).toHaveCount(0, { timeout: 15_000 });
  });
});

test.describe('a page that cannot load', () => {
  test('after the retries and one reload an in-app page offers "Try again"', async ({ signedIn: page }) => {
    await page.route('**/assets/countries-page-*.js', (route) => route.abort('connectionrefused'));
    await menuLink(page, 'Панель').click();
    await page.getByRole('navigation', { name: MENU }).getByRole('button', { name: 'Користувачі' }).click();
    await menuLink(page, 'Країни').click();

    const failure = page.getByRole('heading', { level: 1, name: 'Не вдалося завантажити сторінку' });
    // 3 retries 1 s apart, a reload, 3 more retries.
    await expect(failure).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/auth\/countries$/);
    await expect(page.getByRole('navigation', { name: MENU })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await page.unrouteAll();
    await page.getByRole('button', { name: 'Спробувати ще раз' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Країни' })).toBeVisible();
    await expect(failure).toHaveCount(0);
  });
});

test.describe('why the session ended', () => {
  test('a session the server refuses ends on sign-in with the reason, in both languages', async ({
    signedIn: page,
  }) => {
    await setItemsOnNextLoad(page, { access_token: 'revoked', refresh_token: 'revoked' });
    // The profile's request gets a 401, and renewing with a refused refresh token fails.
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    const notice = page.getByRole('status');
    await expect(notice).toContainText('Ваш сеанс завершено. Увійдіть знову.');
    await expect(notice).toContainText('Сервер більше не приймає цей сеанс');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Мова' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(notice).toContainText('Your session has ended. Please sign in again.');
    await expect(notice).toContainText('it was revoked or could not be renewed');
  });

  test('an expired session says so', async ({ signedIn: page }) => {
    await setItemsOnNextLoad(page, { refresh_expired_at: '1000' });
    await page.reload();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('status')).toContainText('Термін дії сеансу минув.');
  });

  test('a sign-out the user chose shows nothing', async ({ signedIn: page }) => {
    await page.getByRole('button', { name: /Профіль/ }).click();
    await page.getByRole('menuitem', { name: 'Вийти' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Увійти' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
  });
});

test.describe('keyboard and focus', () => {
  test('the sign-in screen opens on its e-mail field', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByLabel('Е-пошта')).toBeFocused();
  });

  test('after a navigation the focus is on the new page heading', async ({ signedIn: page }) => {
    await menuLink(page, 'Профіль').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Профіль' })).toBeFocused();
    await menuLink(page, 'Панель').click();
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  });

  test('"Skip to content" is the first stop and jumps to the page', async ({ signedIn: page }) => {
    await page.reload();
    await expect(page.getByRole('navigation', { name: MENU })).toBeVisible();
    // The page drawn and its figures in: a Tab into a main that is still a loading placeholder (or
    // onto a skeleton about to be replaced) would leave the focus nowhere, whatever the skip link does.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Перейти до вмісту' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.locator('main')).toBeFocused();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.keyboard.press('Tab');
    await expect(page.locator('main :focus')).toHaveCount(1);
  });

  test('Escape closes the profile menu', async ({ signedIn: page }) => {
    // As a keyboard user does: the menu opened with Enter has its first item focused.
    await page.getByRole('button', { name: /Профіль/ }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menu').getByRole('menuitemradio').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  });

  for (const mode of ['light', 'dark'] as const) {
    test(`a sort header shows a focus ring (${mode} theme)`, async ({ signedIn: page }) => {
      await page.evaluate((value) => window.localStorage.setItem('color_mode', value), mode);
      await page.goto('/auth/countries');
      const table = resourceTable(page, 'Країни');
      await expectSettled(table);
      const sort = table.getByRole('button', { name: 'Код ISO' });
      await sort.focus();
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Tab');
      await expect(sort).toBeFocused();
      const ring = await sort.evaluate((element) => {
        const style = getComputedStyle(element);
        return { style: style.outlineStyle, width: style.outlineWidth, color: style.outlineColor };
      });
      expect(ring.style).toBe('solid');
      expect(ring.width).toBe('2px');
      expect(ring.color).toBe(mode === 'light' ? 'rgb(21, 101, 192)' : 'rgb(144, 202, 249)');
    });
  }
});

test.describe('a form in a dialog', () => {
  test('Escape and the backdrop ask before they discard changes; a pristine dialog closes at once', async ({
    signedIn: page,
  }) => {
    await page.goto('/auth/countries');
    const create = page.getByRole('button', { name: 'Нова країна' });
    const dialog = page.getByRole('dialog', { name: 'Нова країна' });
    await create.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(leaveDialog(page)).toHaveCount(0);

    await create.click();
    const code = dialog.getByRole('textbox', { name: 'Код ISO' });
    await code.click();
    await code.pressSequentially('ZQ');
    await page.keyboard.press('Escape');
    await expect(leaveDialog(page)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await leaveDialog(page).getByRole('button', { name: 'Залишитися' }).click();
    await expect(leaveDialog(page)).toHaveCount(0);
    await expect(code).toHaveValue('ZQ');

    // A click beside the dialog, on the backdrop.
    await page.mouse.click(20, 400);
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole('button', { name: 'Вийти без збереження' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth\/countries$/);
  });
});

import { storedItem } from '../support/browser-storage.js';
import { expect, test } from '../support/fixtures.js';
import { recordScriptRequests } from '../support/script-requests.js';

const SHELL_ROUTES = [
  '/dashboard',
  '/profile',
  '/auth/users',
  '/auth/users/create',
  '/auth/users/edit?id=1',
  '/auth/admins',
  '/auth/admins/create',
  '/auth/admins/edit?id=1',
  '/auth/settings',
  '/auth/countries',
  '/auth/cities',
  '/storage/buckets',
  '/storage/buckets/edit?id=1',
  '/storage/files',
  '/storage/logs',
  '/storage/errors',
  '/chat/users',
  '/chat/channels',
  '/notifications/email-queue',
  '/notification/templates',
  '/notification/templates/create',
  '/notification/templates/edit?id=1',
  '/notification/translations',
  '/notification/translations/view/1',
  '/notification/translations/edit/1',
  '/notification/push-configs',
  '/notification/push-configs/create',
  '/notification/push-configs/edit?id=1',
  '/notification/sms-configs',
  '/notification/sms-configs/create',
  '/notification/sms-configs/edit?id=1',
  '/notification/smtp-configs',
  '/notification/smtp-configs/create',
  '/notification/smtp-configs/edit?id=1',
];

test.describe('the shell (spec §2)', () => {
  // One test per route: a loop over all of them in one test outlived its timeout on a loaded machine.
  for (const route of SHELL_ROUTES) {
    test(`${route} sends a visitor without a token to /`, async ({ page }) => {
      await page.goto(route);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Увійти' })).toBeVisible();
    });
  }

  test('every shell route exists for a signed-in admin and loads lazily', async ({ signedIn: page }) => {
    // Two dozen full page loads, each fetching its lazy chunks.
    test.slow();
    for (const route of SHELL_ROUTES) {
      await page.goto(route);
      await expect(page, route).toHaveURL(new RegExp(`${route.split('?')[0]!.replaceAll('/', '\\/')}`));
      await expect(page.getByText('Сторінку не знайдено'), route).toHaveCount(0);
      await expect(page.getByRole('navigation', { name: 'Головне меню' })).toBeVisible();
    }
  });

  test('the language choice applies at once and persists in language_locale', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Мова' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Pult');
    expect(await storedItem(page, 'language_locale')).toBe('en-US');
    await page.reload();
    await expect(page.getByLabel('E-mail')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });

  test('drawer sections start closed, remember their state and highlight by path prefix', async ({
    signedIn: page,
  }) => {
    const nav = page.getByRole('navigation', { name: 'Головне меню' });
    const usersSection = nav.getByRole('button', { name: 'Користувачі' });
    await expect(usersSection).toHaveAttribute('aria-expanded', 'false');
    for (const section of ['Сховище', 'Чат', 'Сповіщення']) {
      await expect(nav.getByRole('button', { name: section })).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(nav.getByRole('link', { name: 'Адміністратори' })).toHaveCount(0);
    await usersSection.click();
    await expect(nav.getByRole('link', { name: 'Адміністратори' })).toBeVisible();
    expect(JSON.parse((await storedItem(page, 'menuExpandedSections')) ?? '[]')).toEqual(['users']);

    await page.goto('/auth/users/create');
    await expect(nav.getByRole('button', { name: 'Користувачі' })).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Користувачі' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Адміністратори' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText(`© ${new Date().getFullYear()} Pult`)).toBeVisible();
  });

  test('the profile menu shows the admin and logs out to /', async ({ signedIn: page }) => {
    await page.getByRole('button', { name: 'Профіль' }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('admin@pult.local');
    await expect(menu).toContainText('Олена Коваленко');
    await menu.getByRole('menuitem', { name: 'Вийти' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await storedItem(page, 'access_token')).toBeNull();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/$/);
  });

  test('a failed lazy load is retried and the page still appears', async ({ signedIn: page }) => {
    let failures = 0;
    await page.route(/\/assets\/profile-page-.*\.js$/, (route) => {
      if (failures < 2) {
        failures += 1;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await page
      .getByRole('navigation', { name: 'Головне меню' })
      .getByRole('link', { name: 'Профіль' })
      .click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText('admin@pult.local').first()).toBeVisible();
    expect(failures).toBe(2);
  });

  // The entry asks for /config.json before the panel's code arrives; a failed answer still shows the
  // start-up's error, and its retry asks again.
  test('a signed-in start whose /config.json fails says so, and its retry opens the page', async ({
    signedIn: page,
  }) => {
    let answers = 0;
    await page.route('**/config.json', (route) => {
      answers += 1;
      return answers === 1 ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue();
    });
    await page.goto('/auth/users');
    await expect(page.getByRole('alert')).toContainText('Не вдалося завантажити налаштування застосунку');
    await page.getByRole('button', { name: 'Спробувати ще раз' }).click();
    await expect(
      page.getByRole('table', { name: 'Користувачі', exact: true }).locator('tbody > tr').first(),
    ).toBeVisible();
    expect(answers).toBe(2);
  });

  test('a signed-out visit to a page goes to sign in without fetching the shell or the page', async ({
    page,
  }) => {
    const scripts = recordScriptRequests(page);
    await page.goto('/auth/users');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Увійти' })).toBeVisible();
    expect(scripts.some((path) => /\/assets\/panel-[\w-]+\.js$/.test(path))).toBe(true);
    expect(
      scripts.filter((path) => /\/assets\/(?:app-shell|users-list-page)-[\w-]+\.js$/.test(path)),
    ).toEqual([]);
  });

  // On the default server (15-minute tokens) no renewal can overwrite the expiry set here.
  test('at start-up an expired refresh token clears the tokens and goes to /', async ({ signedIn: page }) => {
    await page.evaluate(() =>
      window.localStorage.setItem('refresh_expired_at', String(Math.floor(Date.now() / 1000) - 5)),
    );
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/$/);
    // The sign-in screen is the public entry's: '/' is loaded anew, so wait for its form.
    await expect(page.getByRole('button', { name: 'Увійти' })).toBeVisible();
    expect(await storedItem(page, 'access_token')).toBeNull();
  });
});

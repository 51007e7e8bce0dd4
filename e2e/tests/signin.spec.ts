import { setItemsOnNextLoad, storedItem } from '../support/browser-storage.js';
import { expect, signInThroughForm, test } from '../support/fixtures.js';
import { DEMO_ADMIN } from '../support/pult-server.js';
import { recordScriptRequests } from '../support/script-requests.js';

const email = (page: import('@playwright/test').Page) => page.getByLabel('Е-пошта');
const password = (page: import('@playwright/test').Page) => page.getByLabel('Пароль');
const submit = (page: import('@playwright/test').Page) => page.getByRole('button', { name: 'Увійти' });

test.describe('sign-in (spec §2, §5, §8)', () => {
  test('a successful sign-in stores the tokens and goes to the dashboard; / then leads there too', async ({
    page,
  }) => {
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await storedItem(page, 'access_token')).toMatch(/^ey/);
    expect(Number(await storedItem(page, 'refresh_expired_at'))).toBeGreaterThan(Date.now() / 1000);
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the card shows the logo, the app name in capitals, links and the copyright line', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByText('ПУЛЬТ', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Вхід' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Забули пароль?' })).toHaveAttribute(
      'href',
      '/recover-password',
    );
    await expect(page.getByText(`© ${new Date().getFullYear()} Pult`)).toBeVisible();
    await expect(page).toHaveTitle('Пульт');
  });

  test('submit is disabled while a field is empty; Enter with one empty field opens the fillBoth dialog', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(submit(page)).toBeDisabled();
    await email(page).fill(DEMO_ADMIN.email);
    await expect(submit(page)).toBeDisabled();
    await email(page).press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: 'Помилка' })).toBeVisible();
    await expect(dialog).toContainText('Введіть е-пошту та пароль');
    await dialog.getByRole('button', { name: 'Закрити' }).click();
    await expect(dialog).toBeHidden();
  });

  test('an e-mail without the text@text.text shape is refused before any request', async ({ page }) => {
    let requests = 0;
    await page.route('**/auth/admin/signin', (route) => {
      requests += 1;
      return route.continue();
    });
    await page.goto('/');
    await email(page).fill('admin@localhost');
    await password(page).fill('whatever-123');
    await submit(page).click();
    await expect(page.getByText('Е-пошта має бути дійсною')).toBeVisible();
    expect(requests).toBe(0);
  });

  test('wrong credentials show the invalid-credentials text above the button', async ({ page }) => {
    await page.goto('/');
    await email(page).fill(DEMO_ADMIN.email);
    await password(page).fill('definitely-wrong');
    await submit(page).click();
    await expect(page.getByText('Невірний логін або пароль')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('422 field errors from the server appear under their fields', async ({ page }) => {
    await page.goto('/');
    await email(page).fill(`${'a'.repeat(250)}@pult.local`);
    await password(page).fill('whatever-123');
    await submit(page).click();
    await expect(page.getByText('Значення задовге')).toBeVisible();
  });

  test('a throttled account gets a dialog with the server message', async ({ page }) => {
    await page.goto('/');
    await email(page).fill('throttled@pult.local');
    await password(page).fill('wrong-password');
    for (let i = 0; i < 5; i++) {
      await submit(page).click();
      await expect(page.getByText('Невірний логін або пароль')).toBeVisible();
    }
    await submit(page).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Помилка сервера: Забагато спроб входу');
  });

  test('a 200 without access_token, a server error and a network failure each get their dialog', async ({
    page,
  }) => {
    await page.goto('/');
    await email(page).fill(DEMO_ADMIN.email);
    await password(page).fill(DEMO_ADMIN.password);

    await page.route('**/auth/admin/signin', (route) =>
      route.fulfill({ status: 200, json: { refresh_token: 'x' } }),
    );
    await submit(page).click();
    await expect(page.getByRole('dialog')).toContainText('Некоректна відповідь сервера');
    await page.getByRole('button', { name: 'Закрити' }).click();

    await page.unroute('**/auth/admin/signin');
    await page.route('**/auth/admin/signin', (route) =>
      route.fulfill({ status: 503, json: { message: 'Maintenance' } }),
    );
    await submit(page).click();
    await expect(page.getByRole('dialog')).toContainText('Помилка сервера: Maintenance');
    await page.getByRole('button', { name: 'Закрити' }).click();

    await page.unroute('**/auth/admin/signin');
    await page.route('**/auth/admin/signin', (route) => route.abort('connectionrefused'));
    await submit(page).click();
    await expect(page.getByRole('dialog')).toContainText('Сталася помилка. Спробуйте ще раз.');
    expect(await storedItem(page, 'access_token')).toBeNull();
  });

  // Issue 24: what opening the panel needs is fetched while the administrator types, so the sign-in
  // waits for the server's answers only. Each chunk is fetched once: the panel's start joins the download.
  for (const [locale, emailLabel, passwordLabel, submitName, greeting, texts, otherTexts] of [
    [
      'uk-UA',
      'Е-пошта',
      'Пароль',
      'Увійти',
      /^Вітаємо/,
      /\/assets\/uk-UA-[\w-]+\.js$/,
      /\/assets\/en-US-[\w-]+\.js$/,
    ],
    [
      'en-US',
      'E-mail',
      'Password',
      'Sign in',
      /^Hello/,
      /\/assets\/en-US-[\w-]+\.js$/,
      /\/assets\/uk-UA-[\w-]+\.js$/,
    ],
  ] as const) {
    test(`typing fetches the panel, its ${locale} texts, the shell and the dashboard before the submit`, async ({
      page,
    }) => {
      await setItemsOnNextLoad(page, { language_locale: locale });
      const scripts = recordScriptRequests(page);
      await page.goto('/');
      const panelCode = [texts, /\/assets\/app-shell-[\w-]+\.js$/, /\/assets\/dashboard-page-[\w-]+\.js$/];
      for (const chunk of panelCode) expect(scripts.some((path) => chunk.test(path))).toBe(false);

      await page.getByLabel(emailLabel).pressSequentially('a');
      await expect
        .poll(() => panelCode.filter((chunk) => scripts.some((path) => chunk.test(path))).length)
        .toBe(panelCode.length);
      expect(scripts.some((path) => otherTexts.test(path))).toBe(false);

      await page.getByLabel(emailLabel).fill(DEMO_ADMIN.email);
      await page.getByLabel(passwordLabel).fill(DEMO_ADMIN.password);
      await page.getByRole('button', { name: submitName }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1, name: greeting })).toBeVisible();
      // The panel started in that language: the other one's texts were never fetched.
      expect(scripts.filter((path) => otherTexts.test(path))).toEqual([]);
    });
  }

  test('a language chosen after the first keystroke gets its panel texts fetched before the submit', async ({
    page,
  }) => {
    const scripts = recordScriptRequests(page);
    await page.goto('/');
    await email(page).pressSequentially('a');
    await expect.poll(() => scripts.some((path) => /\/assets\/uk-UA-[\w-]+\.js$/.test(path))).toBe(true);
    await page.getByRole('button', { name: 'Мова', exact: true }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByLabel('E-mail').pressSequentially('b');
    await expect.poll(() => scripts.some((path) => /\/assets\/en-US-[\w-]+\.js$/.test(path))).toBe(true);
  });

  // The texts and the config download side by side: a failed config still finds its language's texts.
  for (const [locale, failed, retry, emailLabel] of [
    ['uk-UA', 'Не вдалося завантажити налаштування застосунку', 'Спробувати ще раз', 'Е-пошта'],
    ['en-US', 'Could not load the application settings', 'Try again', 'E-mail'],
  ] as const) {
    test(`a /config.json that does not load says so, and its retry starts the screen (${locale})`, async ({
      page,
    }) => {
      await setItemsOnNextLoad(page, { language_locale: locale });
      let answers = 0;
      await page.route('**/config.json', (route) => {
        answers += 1;
        return answers === 1 ? route.fulfill({ status: 503, body: 'Service Unavailable' }) : route.continue();
      });
      await page.goto('/');
      await expect(page.getByRole('alert')).toContainText(failed);
      await page.getByRole('button', { name: retry }).click();
      await expect(page.getByLabel(emailLabel)).toBeEditable();
      expect(answers).toBe(2);
    });
  }
});

import type { Locator, Page } from '@playwright/test';
import { type AdminApi, TEST_PASSWORD, uniqueTag } from '../support/admin-api.js';
import { signInThroughForm } from '../support/fixtures.js';
import { DEMO_ADMIN, startPult } from '../support/pult-server.js';
import { freshCode, nextCode } from '../support/totp.js';
import { test as base, expect } from '../support/users-fixtures.js';

/**
 * Step-up and a group's second-factor requirement (issue 21), in the browser. A server of its own
 * opens dangerous actions for a few seconds after a confirmation instead of five minutes, so a test
 * can outlast the window without waiting for it.
 */
const STEP_UP_SECONDS = 6;
const test = base.extend({
  pult: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => {
      const server = await startPult({ STEP_UP_SECONDS: String(STEP_UP_SECONDS) });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

const TEXTS = {
  'uk-UA': {
    regenerate: 'Перегенерувати API-ключі',
    regenerateConfirm: 'Перегенерувати API-ключі?',
    newKeys: 'Нові API-ключі',
    stored: 'Я зберіг ключі',
    stepUp: 'Підтвердьте, що це ви',
    password: 'Поточний пароль',
    code: 'Код автентифікатора',
    confirm: 'Підтвердити',
    wrongPassword: 'Неправильний пароль',
    cancel: 'Скасувати',
    enrolTitle: 'Налаштуйте другий фактор',
    setUp: 'Налаштувати автентифікатор',
    currentPassword: 'Поточний пароль',
    next: 'Далі',
    appCode: 'Код із застосунку',
    turnOn: 'Увімкнути',
    storedCodes: 'Я зберіг коди',
  },
  'en-US': {
    regenerate: 'Regenerate API keys',
    regenerateConfirm: 'Regenerate the API keys?',
    newKeys: 'New API keys',
    stored: 'I have saved the keys',
    stepUp: 'Confirm it is you',
    password: 'Current password',
    code: 'Authenticator code',
    confirm: 'Confirm',
    wrongPassword: 'Wrong password',
    cancel: 'Cancel',
    enrolTitle: 'Set up a second factor',
    setUp: 'Set up authenticator',
    currentPassword: 'Current password',
    next: 'Continue',
    appCode: 'Code from the app',
    turnOn: 'Turn on',
    storedCodes: 'I have stored them',
  },
} as const;
type Locale = keyof typeof TEXTS;
type Texts = (typeof TEXTS)[Locale];

/**
 * A screenshot once the buttons in `scope` have settled (no spinner, MUI's colour transitions over);
 * behind a step-up dialog the action's own button keeps its spinner until the action is done.
 */
async function shot(page: Page, name: string, scope: Locator = page.locator('body')) {
  await expect(scope.locator('.MuiButton-loading')).toHaveCount(0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

async function inLocale(page: Page, locale: Locale) {
  await page.addInitScript((code) => window.localStorage.setItem('language_locale', code), locale);
}

/** Regenerate API keys through its confirmation; answers the step-up dialog's locator. */
async function askRegenerate(page: Page, text: Texts) {
  await page.getByRole('button', { name: text.regenerate }).click();
  await page
    .getByRole('alertdialog', { name: text.regenerateConfirm })
    .getByRole('button', { name: text.regenerate })
    .click();
  return page.getByRole('dialog', { name: text.stepUp });
}

/** The settings screen of a sign-in older than the step-up window. */
async function staleSettings(page: Page, email: string) {
  await signInThroughForm(page, email, TEST_PASSWORD);
  const signedInAt = Date.now();
  await page.goto('/auth/settings');
  await page.waitForTimeout(Math.max(0, signedInAt + (STEP_UP_SECONDS + 1) * 1000 - Date.now()));
}

test('uk-UA: an admin without a factor confirms "regenerate API keys" with the password, after a wrong one', async ({
  page,
  api,
}) => {
  const text = TEXTS['uk-UA'];
  const admin = await api.createAdmin({ groups: ['superadmin'] });
  await inLocale(page, 'uk-UA');
  await staleSettings(page, admin.email);

  // Cancelled: nothing regenerated, no keys shown.
  let stepUp = await askRegenerate(page, text);
  await expect(stepUp).toBeVisible();
  await stepUp.getByRole('button', { name: text.cancel }).click();
  await expect(stepUp).toBeHidden();
  await expect(page.getByRole('dialog', { name: text.newKeys })).toHaveCount(0);

  stepUp = await askRegenerate(page, text);
  const password = stepUp.getByLabel(text.password);
  await expect(password).toBeFocused();
  await password.fill('not-the-password');
  await stepUp.getByRole('button', { name: text.confirm }).click();
  await expect(stepUp.getByText(text.wrongPassword)).toBeVisible();
  await shot(page, 'uk-UA-step-up-password', stepUp);
  await password.fill(TEST_PASSWORD);
  await stepUp.getByRole('button', { name: text.confirm }).click();
  // The action goes through by itself once confirmed.
  const keys = page.getByRole('dialog', { name: text.newKeys });
  await expect(keys).toBeVisible();
  await expect(keys.getByTestId(/^new-key-/)).toHaveCount(3);
  await expect(stepUp).toBeHidden();
  await keys.getByRole('button', { name: text.stored }).click();
});

test('en-US: an admin with an authenticator confirms "regenerate API keys" with a code', async ({
  page,
  api,
}) => {
  const text = TEXTS['en-US'];
  const admin = await api.createAdmin({ groups: ['superadmin'] });
  const used = { step: 0 };
  const secret = await enrolThroughApi(api, admin.email, used);
  await inLocale(page, 'en-US');
  await page.goto('/');
  await page.getByLabel('E-mail').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel(text.code).fill(nextCode(secret, used));
  await page.getByRole('button', { name: text.confirm }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const signedInAt = Date.now();
  await page.goto('/auth/settings');
  await page.waitForTimeout(Math.max(0, signedInAt + (STEP_UP_SECONDS + 1) * 1000 - Date.now()));

  const stepUp = await askRegenerate(page, text);
  const code = stepUp.getByLabel(text.code);
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await code.fill(await freshCode(secret, used));
  await shot(page, 'en-US-step-up-code', stepUp);
  await stepUp.getByRole('button', { name: text.confirm }).click();
  await expect(page.getByRole('dialog', { name: text.newKeys })).toBeVisible();
});

/** Sets up the authenticator of `email` through the API (the profile's setup has its own spec). */
async function enrolThroughApi(api: AdminApi, email: string, used: { step: number }): Promise<string> {
  const signin = await fetch(`${api.baseURL}/auth/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  const { access_token } = (await signin.json()) as { access_token: string };
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${api.baseURL}/auth/admin${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
      body: JSON.stringify(body),
    });
    expect(response.status, path).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const { secret } = (await call('/mfa/totp/setup', { password: TEST_PASSWORD })) as { secret: string };
  await call('/mfa/totp/confirm', { code: nextCode(secret, used) });
  return secret;
}

for (const locale of ['uk-UA', 'en-US'] as const) {
  test(`${locale}: a member of a group that requires a factor is taken to its setup, then to the dashboard`, async ({
    page,
    api,
  }) => {
    const text = TEXTS[locale];
    const group = uniqueTag('strict')
      .toLowerCase()
      .replace(/[^a-z0-9_-]/g, '-');
    await api.ok('POST', '/auth/admin/groups', {
      name: group,
      grants: [{ resource: 'auth.users', action: 'list' }],
      mfa_required: true,
    });
    const admin = await api.createAdmin({ groups: [group] });
    await inLocale(page, locale);
    await signInThroughForm(page, admin.email, TEST_PASSWORD);
    await expect(page.getByRole('heading', { name: text.enrolTitle })).toBeVisible();
    // Every page is the setup until it is done.
    await page.goto('/auth/users');
    await expect(page.getByRole('heading', { name: text.enrolTitle })).toBeVisible();
    await shot(page, `${locale}-mfa-enrolment`);

    await page.getByRole('button', { name: text.setUp }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.currentPassword).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: text.next }).click();
    const secret = (await dialog.getByTestId('totp-secret').textContent()) ?? '';
    await dialog.getByLabel(text.appCode).fill(nextCode(secret, { step: 0 }));
    await dialog.getByRole('button', { name: text.turnOn }).click();
    await dialog.getByRole('button', { name: text.storedCodes }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: text.enrolTitle })).toHaveCount(0);
    await page.goto('/auth/users');
    await expect(page.getByRole('heading', { name: text.enrolTitle })).toHaveCount(0);
  });
}

const RESET = {
  'uk-UA': {
    button: 'Скинути другий фактор',
    title: 'Скинути другий фактор?',
    confirm: 'Скинути',
    done: 'Другий фактор скинуто; завершено сеансів: 1.',
    sessions: 'Де цей адміністратор увійшов',
    noSessions: 'Відкритих входів немає.',
    password: 'Поточний пароль',
    stepUpConfirm: 'Підтвердити',
  },
  'en-US': {
    button: 'Reset second factor',
    title: 'Reset the second factor?',
    confirm: 'Reset',
    done: 'Second factor reset; sign-ins ended: 1.',
    sessions: 'Where this administrator is signed in',
    noSessions: 'No open sign-ins.',
    password: 'Current password',
    stepUpConfirm: 'Confirm',
  },
} as const;

for (const locale of ['uk-UA', 'en-US'] as const) {
  test(`${locale}: a superadmin resets another admin's lost authenticator, confirming with their own password`, async ({
    adminPage: page,
    api,
  }) => {
    const text = RESET[locale];
    const target = await api.createAdmin({ groups: ['superadmin'] });
    await enrolThroughApi(api, target.email, { step: 0 });
    await inLocale(page, locale);
    await page.goto(`/auth/admins/edit?id=${target.id}`);
    // Their sign-in of the enrolment is listed, with the factor it passed.
    const sessions = page.getByRole('list', { name: text.sessions });
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await sessions.scrollIntoViewIfNeeded();
    await shot(page, `${locale}-admin-sessions`);
    await page.getByRole('button', { name: text.button }).click();
    const confirm = page.getByRole('alertdialog', { name: text.title });
    await shot(page, `${locale}-reset-factor-confirm`, confirm);
    // The demo administrator's sign-in is older than the window by now: their password is asked.
    await page.waitForTimeout((STEP_UP_SECONDS + 1) * 1000);
    await confirm.getByRole('button', { name: text.confirm }).click();
    const stepUp = page.getByRole('dialog', { name: TEXTS[locale].stepUp });
    await stepUp.getByLabel(text.password).fill(DEMO_ADMIN.password);
    await stepUp.getByRole('button', { name: text.stepUpConfirm }).click();
    await expect(page.getByText(text.done)).toBeVisible();
    await page.reload();
    await expect(page.getByText(text.noSessions)).toBeVisible();
    // The target signs in with the password alone now.
    const signin = await fetch(`${api.baseURL}/auth/admin/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: target.email, password: TEST_PASSWORD }),
    });
    expect(((await signin.json()) as { access_token?: string }).access_token).toEqual(expect.any(String));
  });
}

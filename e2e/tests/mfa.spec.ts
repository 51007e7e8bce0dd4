import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { TEST_PASSWORD } from '../support/admin-api.js';
import { nextCode } from '../support/totp.js';
import { expect, test } from '../support/users-fixtures.js';

const TEXTS = {
  'uk-UA': {
    email: 'Е-пошта',
    password: 'Пароль',
    signIn: 'Увійти',
    setUp: 'Налаштувати автентифікатор',
    currentPassword: 'Поточний пароль',
    next: 'Далі',
    appCode: 'Код із застосунку',
    turnOn: 'Увімкнути',
    stored: 'Я зберіг коди',
    on: 'Увімкнено',
    left: 'Залишилось кодів відновлення: 10 з 10',
    leftAfter: 'Залишилось кодів відновлення: 9 з 10',
    profile: /Профіль/,
    logout: 'Вийти',
    mfaTitle: 'Підтвердження входу',
    code: 'Код автентифікатора',
    confirm: 'Підтвердити',
    wrong: 'Неправильний або вже використаний код',
    useRecovery: 'Використати код відновлення',
    recoveryCode: 'Код відновлення',
    off: 'Вимкнено',
    removeConfirm: 'Вимкнути',
    remove: 'Вимкнути автентифікатор',
    generate: 'Створити',
    regenerate: 'Створити нові коди відновлення',
  },
  'en-US': {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    setUp: 'Set up authenticator',
    currentPassword: 'Current password',
    next: 'Continue',
    appCode: 'Code from the app',
    turnOn: 'Turn on',
    stored: 'I have stored them',
    on: 'On',
    left: 'Recovery codes left: 10 of 10',
    leftAfter: 'Recovery codes left: 9 of 10',
    profile: /Profile/,
    logout: 'Logout',
    mfaTitle: 'Confirm sign-in',
    code: 'Authenticator code',
    confirm: 'Confirm',
    wrong: 'Wrong or already used code',
    useRecovery: 'Use a recovery code',
    recoveryCode: 'Recovery code',
    off: 'Off',
    removeConfirm: 'Remove',
    remove: 'Remove authenticator',
    generate: 'Generate',
    regenerate: 'Generate new recovery codes',
  },
} as const;

type Texts = (typeof TEXTS)[keyof typeof TEXTS];

async function firstStep(page: Page, text: Texts, email: string) {
  await page.goto('/');
  await page.getByLabel(text.email).fill(email);
  await page.getByLabel(text.password, { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: text.signIn }).click();
}

async function signOut(page: Page, text: Texts) {
  await page.getByRole('button', { name: text.profile }).first().click();
  await page.getByRole('menuitem', { name: text.logout }).click();
  await expect(page).toHaveURL(/\/$/);
  // The sign-in page is a document of its own: the URL changes before it has loaded, and a
  // navigation started meanwhile (the next sign-in's `goto`) was aborted (ERR_ABORTED, once in CI).
  await expect(page.getByRole('button', { name: text.signIn })).toBeVisible();
}

/** axe's serious and critical WCAG 2.1 A/AA findings on what is on screen (as a11y.spec.ts asks). */
async function blockingViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ iframes: false })
    .analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** A screenshot once the buttons have settled: no spinner, and MUI's 250 ms colour transitions over. */
async function shot(page: Page, name: string, fullPage = false) {
  await expect(page.locator('.MuiButton-loading')).toHaveCount(0);
  await page.waitForTimeout(400);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage });
}

for (const [locale, text] of Object.entries(TEXTS) as [keyof typeof TEXTS, Texts][]) {
  test(`${locale}: enrol the authenticator, then sign in with a code and with a recovery code`, async ({
    page,
    api,
  }) => {
    const admin = await api.createAdmin();
    await page.addInitScript((code) => window.localStorage.setItem('language_locale', code), locale);

    // A password alone signs this admin in.
    await firstStep(page, text, admin.email);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/profile');
    await page.getByRole('button', { name: text.setUp }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.currentPassword).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: text.next }).click();
    const secretText = dialog.getByTestId('totp-secret');
    await expect(secretText).toHaveText(/^([A-Z2-7]{4} )*[A-Z2-7]{1,4}$/);
    await expect(dialog.getByTestId('totp-qr')).toBeVisible();
    await expect(dialog.getByLabel(text.appCode)).toBeFocused();
    await shot(page, `${locale}-qr-dialog`);
    expect(await blockingViolations(page)).toEqual([]);
    const secret = (await secretText.textContent()) ?? '';
    const used = { step: 0 };
    await dialog.getByLabel(text.appCode).fill(nextCode(secret, used));
    await dialog.getByRole('button', { name: text.turnOn }).click();

    const codes = dialog.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent()) ?? '';
    const secondRecoveryCode = (await codes.nth(1).textContent()) ?? '';
    const unusedOldCode = (await codes.nth(2).textContent()) ?? '';
    expect(recoveryCode).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await shot(page, `${locale}-recovery-codes`);
    expect(await blockingViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: text.stored }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('totp-state')).toHaveText(text.on);
    await expect(page.getByTestId('recovery-left')).toHaveText(text.left);
    await signOut(page, text);

    // Password, then a wrong code (under the field), then the right one.
    await firstStep(page, text, admin.email);
    await expect(page.getByRole('heading', { name: text.mfaTitle })).toBeVisible();
    const code = page.getByLabel(text.code);
    await expect(code).toBeFocused();
    await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(code).toHaveAttribute('inputmode', 'numeric');
    await shot(page, `${locale}-second-step`);
    const right = nextCode(secret, used);
    await code.fill(right === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: text.confirm }).click();
    await expect(page.getByText(text.wrong)).toBeVisible();
    await shot(page, `${locale}-second-step-wrong-code`);
    expect(await blockingViolations(page)).toEqual([]);
    await code.fill(right);
    await page.getByRole('button', { name: text.confirm }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await signOut(page, text);

    // Password, then a recovery code.
    await firstStep(page, text, admin.email);
    await page.getByRole('button', { name: text.useRecovery }).click();
    await page.getByLabel(text.recoveryCode).fill(recoveryCode);
    await shot(page, `${locale}-second-step-recovery`);
    await page.getByRole('button', { name: text.confirm }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByTestId('recovery-left')).toHaveText(text.leftAfter);
    await shot(page, `${locale}-profile-security`, true);

    // New recovery codes after a recovery code; then the authenticator removed with one of the new ones.
    await page.getByRole('button', { name: text.regenerate }).click();
    const proof = page.getByRole('dialog');
    await proof.getByRole('button', { name: text.useRecovery }).click();
    await proof.getByLabel(text.recoveryCode).fill(secondRecoveryCode);
    await proof.getByRole('button', { name: text.generate, exact: true }).click();
    const fresh = proof.getByTestId('recovery-codes').getByRole('listitem');
    await expect(fresh).toHaveCount(10);
    const freshCode = (await fresh.first().textContent()) ?? '';
    expect(freshCode).not.toBe(recoveryCode);
    await proof.getByRole('button', { name: text.stored }).click();
    await expect(page.getByTestId('recovery-left')).toHaveText(text.left);

    await page.getByRole('button', { name: text.remove }).click();
    await proof.getByRole('button', { name: text.useRecovery }).click();
    // An old code never used stopped working when the new ones were made.
    await proof.getByLabel(text.recoveryCode).fill(unusedOldCode);
    await proof.getByRole('button', { name: text.removeConfirm, exact: true }).click();
    await expect(proof.getByText(text.wrong)).toBeVisible();
    await shot(page, `${locale}-remove-dialog`);
    await proof.getByLabel(text.recoveryCode).fill(freshCode);
    await proof.getByRole('button', { name: text.removeConfirm, exact: true }).click();
    await expect(proof).toBeHidden();
    await expect(page.getByTestId('totp-state')).toHaveText(text.off);
  });
}

test('uk-UA: ends another sign-in from the profile; its token stops working at once', async ({
  page,
  api,
}) => {
  const admin = await api.createAdmin({ groups: ['superadmin'] });
  // Another device's sign-in, through the API.
  const elsewhere = await fetch(`${api.baseURL}/auth/admin/signin`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) Firefox/131.0',
    },
    body: JSON.stringify({ email: admin.email, password: TEST_PASSWORD }),
  });
  const { access_token } = (await elsewhere.json()) as { access_token: string };
  const profileOfOther = () =>
    fetch(`${api.baseURL}/auth/admin/profile-basic`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
  expect((await profileOfOther()).status).toBe(200);

  await firstStep(page, TEXTS['uk-UA'], admin.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile');
  const sessions = page.getByRole('list', { name: 'Де ви увійшли' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await sessions.getByRole('button', { name: /^Завершити вхід: Firefox/ }).click();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await profileOfOther()).status).toBe(401);
});

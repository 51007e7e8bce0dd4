import type { Page } from '@playwright/test';
import { TEST_PASSWORD } from '../support/admin-api.js';
import { freePort, startPult } from '../support/pult-server.js';
import { test as base, expect } from '../support/users-fixtures.js';

/**
 * Passkeys in Chromium with a virtual authenticator (DevTools protocol `WebAuthn`). Browsers refuse
 * an IP address as a relying party, so this server is reached as `localhost`, its PUBLIC_URL.
 */
const test = base.extend<{ origin: string }, { localhostPort: number }>({
  localhostPort: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright's fixture signature.
    async ({}, use) => use(await freePort()),
    { scope: 'worker' },
  ],
  pult: [
    async ({ localhostPort }, use) => {
      const server = await startPult({
        PORT: String(localhostPort),
        PUBLIC_URL: `http://localhost:${localhostPort}`,
      });
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ localhostPort }, use) => use(`http://localhost:${localhostPort}`),
  origin: async ({ localhostPort }, use) => use(`http://localhost:${localhostPort}`),
});

const TEXTS = {
  'uk-UA': {
    email: 'Е-пошта',
    password: 'Пароль',
    signIn: 'Увійти',
    add: 'Додати ключ доступу',
    name: 'Назва',
    currentPassword: 'Поточний пароль',
    continue: 'Продовжити',
    stored: 'Я зберіг коди',
    passkeys: 'Ключі доступу',
    usePasskey: 'Використати ключ доступу',
    profile: /Профіль/,
    logout: 'Вийти',
  },
  'en-US': {
    email: 'E-mail',
    password: 'Password',
    signIn: 'Sign in',
    add: 'Add a passkey',
    name: 'Name',
    currentPassword: 'Current password',
    continue: 'Continue',
    stored: 'I have stored them',
    passkeys: 'Passkeys',
    usePasskey: 'Use a passkey',
    profile: /Profile/,
    logout: 'Logout',
  },
} as const;

/** A platform authenticator that says yes at once, as a fingerprint reader would. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
}

for (const [locale, text] of Object.entries(TEXTS) as [
  keyof typeof TEXTS,
  (typeof TEXTS)[keyof typeof TEXTS],
][]) {
  test(`${locale}: registers a passkey in the profile, then signs in with it`, async ({ page, api }) => {
    const admin = await api.createAdmin({ groups: ['superadmin'] });
    await page.addInitScript((code) => window.localStorage.setItem('language_locale', code), locale);
    await virtualAuthenticator(page);
    const firstStep = async () => {
      await page.goto('/');
      await page.getByLabel(text.email).fill(admin.email);
      await page.getByLabel(text.password, { exact: true }).fill(TEST_PASSWORD);
      await page.getByRole('button', { name: text.signIn }).click();
    };
    await firstStep();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/profile');
    await page.getByRole('button', { name: text.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.name).fill('Chromium');
    await dialog.getByLabel(text.currentPassword).fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: text.continue }).click();
    // The first factor brings recovery codes, shown once.
    await expect(dialog.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
    await dialog.getByRole('button', { name: text.stored }).click();
    const list = page.getByRole('list', { name: text.passkeys });
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list).toContainText('Chromium');
    await list.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: test.info().outputPath(`${locale}-passkeys.png`) });

    await page.getByRole('button', { name: text.profile }).first().click();
    await page.getByRole('menuitem', { name: text.logout }).click();
    await expect(page).toHaveURL(/\/$/);
    // Loaded before the next `goto`, which would otherwise abort its navigation (as in mfa.spec.ts).
    await expect(page.getByRole('button', { name: text.signIn })).toBeVisible();

    await firstStep();
    const usePasskey = page.getByRole('button', { name: text.usePasskey });
    await expect(usePasskey).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`${locale}-second-step-passkey.png`) });
    await usePasskey.click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
}

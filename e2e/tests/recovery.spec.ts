import { expect, type Page, test } from '@playwright/test';
import { recoveryCodeFrom, type SmtpSink, startSmtpSink } from '../../apps/api/src/test/smtp-sink.js';
import { signInThroughForm } from '../support/fixtures.js';
import { DEMO_ADMIN, type PultServer, startPult } from '../support/pult-server.js';

/** Recovery end to end: the e-mail goes through a real SMTP conversation to a server in this test. */
test.describe('password recovery and change (spec §2, §5, §8)', () => {
  let smtp: SmtpSink;
  let pult: PultServer;
  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    pult = await startPult({ SMTP_URL: smtp.url });
  });
  test.afterEach(async ({ page: _page }, testInfo) => {
    // A failure here usually shows in the server's log (the mail queue, the SMTP conversation).
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('server-output', { body: pult.output(), contentType: 'text/plain' });
      console.log(`--- server output ---\n${pult.output().slice(-20_000)}`);
    }
  });
  test.afterAll(async () => {
    await pult?.stop();
    await smtp?.close();
  });
  test.use({ baseURL: undefined });

  const open = (page: Page, path: string) => page.goto(`${pult.url}${path}`);

  test('recover by e-mail, change the password from the link, sign in with the new one', async ({ page }) => {
    await open(page, '/');
    await page.getByRole('link', { name: 'Забули пароль?' }).click();
    await expect(page).toHaveURL(/\/recover-password$/);
    // The sign-in screen stays up while the recovery screen's code loads, with a field of the same name.
    const send = page.getByRole('button', { name: 'Надіслати посилання' });
    await expect(send).toBeVisible();
    await page.getByLabel('Е-пошта').fill(DEMO_ADMIN.email);
    await send.click();
    await expect(
      page.getByText('Якщо обліковий запис існує, ми надіслали лист із посиланням для відновлення.'),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${pult.url}/$`), { timeout: 5_000 });

    const mail = await smtp.waitFor(1);
    expect(mail.to).toMatchObject({ text: DEMO_ADMIN.email });
    const code = recoveryCodeFrom(mail);
    const link = /https?:\/\/\S+change-password\?code=\S+/.exec(mail.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link!);

    const codeField = page.getByLabel('Код підтвердження');
    await expect(codeField).toHaveValue(code);
    await expect(codeField).toHaveAttribute('readonly', '');
    const submit = page.getByRole('button', { name: 'Змінити пароль' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Новий пароль').fill('short');
    await page.getByLabel('Повторіть пароль').fill('short');
    await submit.click();
    await expect(page.getByText('Пароль має містити щонайменше 8 символів')).toBeVisible();
    await page.getByLabel('Новий пароль').fill('new-secret-2026');
    await page.getByLabel('Повторіть пароль').fill('new-secret-2027');
    await submit.click();
    await expect(page.getByText('Паролі не збігаються')).toBeVisible();
    await page.getByLabel('Повторіть пароль').fill('new-secret-2026');
    await submit.click();
    await expect(page.getByText('Пароль змінено.')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${pult.url}/$`), { timeout: 5_000 });

    const signIn = page.getByRole('button', { name: 'Увійти' });
    await expect(signIn).toBeVisible();
    await page.getByLabel('Е-пошта').fill(DEMO_ADMIN.email);
    await page.getByLabel('Пароль').fill(DEMO_ADMIN.password);
    await signIn.click();
    await expect(page.getByText('Невірний логін або пароль')).toBeVisible();

    await signInThroughForm(page, DEMO_ADMIN.email, 'new-secret-2026', pult.url);
  });

  test('without a code the page says so instead of showing the form', async ({ page }) => {
    await open(page, '/change-password');
    await expect(page.getByText('Недійсний або прострочений код')).toBeVisible();
    await expect(page.getByLabel('Новий пароль')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Повернутися до входу' })).toBeVisible();
  });

  test('a used or unknown code is reported under the code field', async ({ page }) => {
    await open(page, '/change-password?code=not-a-real-code');
    await page.getByLabel('Новий пароль').fill('another-secret-1');
    await page.getByLabel('Повторіть пароль').fill('another-secret-1');
    await page.getByRole('button', { name: 'Змінити пароль' }).click();
    await expect(page.getByText('Недійсний або прострочений код')).toBeVisible();
    await expect(page).toHaveURL(/change-password/);
  });

  test('recovery validates the e-mail and shows the rate-limit text as a general error', async ({ page }) => {
    await open(page, '/recover-password');
    const submit = page.getByRole('button', { name: 'Надіслати посилання' });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Е-пошта').fill('not-an-email');
    await submit.click();
    await expect(page.getByText('Е-пошта має бути дійсною')).toBeVisible();

    await page.getByLabel('Е-пошта').fill('nobody-limited@pult.local');
    for (let i = 0; i < 3; i++) {
      await open(page, '/recover-password');
      await page.getByLabel('Е-пошта').fill('nobody-limited@pult.local');
      await page.getByRole('button', { name: 'Надіслати посилання' }).click();
      await expect(
        page.getByText('Якщо обліковий запис існує, ми надіслали лист із посиланням для відновлення.'),
      ).toBeVisible();
    }
    await open(page, '/recover-password');
    await page.getByLabel('Е-пошта').fill('nobody-limited@pult.local');
    await page.getByRole('button', { name: 'Надіслати посилання' }).click();
    await expect(page.getByText('Перевищено ліміт запитів, спробуйте пізніше')).toBeVisible();
    await expect(page).toHaveURL(/recover-password/);
  });
});

import { expect, type Page, test } from '@playwright/test';
import {
  type ProviderServer,
  startProviderServer,
} from '../../apps/api/src/modules/notification/channels/provider-server.test-support.js';
import { type SmtpSink, startSmtpSink } from '../../apps/api/src/test/smtp-sink.js';
import { signInThroughForm } from '../support/fixtures.js';
import { DEMO_ADMIN, type PultServer, startPult } from '../support/pult-server.js';

const SMTP_SECRET = 'e2e-smtp-Secret-41';
const SMS_SECRET = 'e2e-twilio-Secret-42';

/**
 * Delivery configurations in the browser: an SMTP configuration pointing at this test's SMTP server
 * (test connection, make default, send a test e-mail that arrives), an SMS configuration whose base
 * URL is this test's Twilio stand-in (send a test SMS), and secrets never shown after save.
 */
test.describe('notification configurations (issue 9)', () => {
  test.describe.configure({ mode: 'serial' });
  let smtp: SmtpSink;
  let twilio: ProviderServer;
  let pult: PultServer;
  const apiBodies: string[] = [];

  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    twilio = await startProviderServer(() => ({ status: 201, body: { sid: 'SM-e2e', status: 'queued' } }));
    pult = await startPult();
  });
  test.afterEach(async ({ page: _page }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('server-output', { body: pult.output(), contentType: 'text/plain' });
    }
  });
  test.afterAll(async () => {
    await pult?.stop();
    await smtp?.close();
    await twilio?.close();
  });
  test.use({ baseURL: undefined });

  const signIn = async (page: Page) => {
    page.on('response', async (response) => {
      if (!response.url().includes('/notification/api/')) return;
      apiBodies.push(await response.text().catch(() => ''));
    });
    await signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password, pult.url);
  };
  const choose = async (page: Page, label: string, option: string) => {
    await page.getByRole('combobox', { name: label }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  };

  test('an SMTP configuration: test connection, make default, a test e-mail arrives', async ({ page }) => {
    await signIn(page);
    await page.goto(`${pult.url}/notification/smtp-configs/create`);
    await page.locator('input[name="name"]').fill('E2E relay');
    await page.locator('input[name="host"]').fill('127.0.0.1');
    await page.locator('input[name="port"]').fill(String(smtp.port));
    await choose(page, 'Шифрування', 'Без шифрування');
    await page.locator('input[name="password"]').fill(SMTP_SECRET);
    await page.locator('input[name="from_address"]').fill('e2e@pult.test');

    // Tried before it is saved.
    await page.getByRole('button', { name: 'Перевірити з’єднання' }).click();
    const result = page.getByTestId('config-test-result');
    await expect(result).toContainText('Успішно');

    await page.getByLabel('Типове').check();
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page).toHaveURL(/\/notification\/smtp-configs(\?|$)/);
    const row = page.locator('tbody tr', { hasText: 'E2E relay' });
    await expect(row).toContainText('Так');

    await row.getByRole('link', { name: /Редагувати/ }).click();
    const password = page.locator('input[name="password"]');
    await expect(password).toHaveValue('');
    await expect(password).toHaveAttribute('data-secret-state', 'set');
    await expect(page.getByText('Збережено. Залиште порожнім, щоб не змінювати.')).toBeVisible();
    expect(await page.content()).not.toContain(SMTP_SECRET);

    const before = smtp.messages.length;
    await page.getByLabel('Адреса для тестового листа').fill('ops@pult.test');
    await page.getByRole('button', { name: 'Надіслати тест' }).click();
    await expect(result).toContainText('Успішно');
    await expect(result).toContainText('250');
    const mail = await smtp.waitFor(before + 1);
    expect(mail.subject).toBe('Pult: тестове повідомлення');
    expect(mail.text).toContain('E2E relay');
    expect(mail.to).toMatchObject({ text: 'ops@pult.test' });
  });

  test('an SMS configuration whose base URL is a test server sends a test SMS', async ({ page }) => {
    await signIn(page);
    await page.goto(`${pult.url}/notification/sms-configs/create`);
    await page.locator('input[name="name"]').fill('E2E Twilio');
    await page.locator('input[name="api_key"]').fill('AC42');
    await page.locator('input[name="api_secret"]').fill(SMS_SECRET);
    await page.locator('input[name="from_number"]').fill('+380441234567');
    await page.locator('textarea[name="config_json"]').fill(`{"base_url": "${twilio.url}"}`);
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page).toHaveURL(/\/notification\/sms-configs(\?|$)/);

    await page
      .locator('tbody tr', { hasText: 'E2E Twilio' })
      .getByRole('link', { name: /Редагувати/ })
      .click();
    await expect(page.locator('input[name="api_secret"]')).toHaveValue('');
    await page.getByLabel('Номер для тестового SMS').fill('+380501234567');
    await page.getByRole('button', { name: 'Надіслати тест' }).click();
    await expect(page.getByTestId('config-test-result')).toContainText('SM-e2e');
    const request = twilio.requests.at(-1);
    expect(request?.path).toBe('/2010-04-01/Accounts/AC42/Messages.json');
    expect(request?.headers.authorization).toBe(
      `Basic ${Buffer.from(`AC42:${SMS_SECRET}`).toString('base64')}`,
    );
    expect(new URLSearchParams(request?.body).get('To')).toBe('+380501234567');

    // Invalid JSON is caught in the form, as spec §5 words it.
    await page.locator('textarea[name="config_json"]').fill('{"base_url": ');
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page.getByText('Недійсний формат JSON')).toBeVisible();
  });

  test('no configuration response ever carried a secret', () => {
    expect(apiBodies.length).toBeGreaterThan(5);
    for (const body of apiBodies) {
      expect(body).not.toContain(SMTP_SECRET);
      expect(body).not.toContain(SMS_SECRET);
    }
  });
});

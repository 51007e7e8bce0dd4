import { expect, type Page, test } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../../apps/api/src/test/smtp-sink.js';
import { type AdminApi, adminApi, publicCall, uniqueTag } from '../support/admin-api.js';
import { signInThroughForm } from '../support/fixtures.js';
import { DEMO_ADMIN, type PultServer, startPult } from '../support/pult-server.js';

/**
 * The Notifications screens against the real server and a real SMTP server in this test: templates
 * (the platform's own recovery e-mail, live preview, test send), translations, the queue.
 */
test.describe('notifications (issue 8)', () => {
  test.describe.configure({ mode: 'serial' });
  let smtp: SmtpSink;
  let pult: PultServer;
  let api: AdminApi;
  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    // One attempt, so a refused message is failed at once and waits for an operator's retry.
    pult = await startPult({ SMTP_URL: smtp.url, EMAIL_MAX_ATTEMPTS: '1' });
    api = await adminApi(pult.url);
  });
  test.afterEach(async ({ page: _page }, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('server-output', { body: pult.output(), contentType: 'text/plain' });
    }
  });
  test.afterAll(async () => {
    await pult?.stop();
    await smtp?.close();
  });
  test.use({ baseURL: undefined });

  const signIn = (page: Page) => signInThroughForm(page, DEMO_ADMIN.email, DEMO_ADMIN.password, pult.url);
  const templateId = async (name: string) => {
    const list = await api.ok<{ items: { id: number; name: string }[] }>(
      'GET',
      `/notification/api/v1/admin/templates?filter[name]=${encodeURIComponent(name)}`,
    );
    const found = list.items.find((item) => item.name === name);
    if (!found) throw new Error(`No template ${name}`);
    return found.id;
  };

  test('an edited password-recovery subject is the subject of the next recovery e-mail', async ({ page }) => {
    await signIn(page);
    await page.goto(`${pult.url}/notification/templates?filter[name]=password-recovery`);
    await page.getByRole('link', { name: 'Редагувати password-recovery' }).click();
    await expect(page).toHaveURL(/\/notification\/templates\/edit\?id=\d+/);
    await expect(page.getByText('Цей шаблон надсилає сама платформа')).toBeVisible();
    const subject = page.locator('input[name="subject"]');
    await expect(subject).toHaveValue('{company}: {t:password-recovery.subject}');
    await subject.fill('Новий пароль для {company}');
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page).toHaveURL(/\/notification\/templates(\?|$)/);

    const before = smtp.messages.length;
    const response = await publicCall(pult.url, 'POST', '/auth/admin/recover-password-request', {
      body: { email: DEMO_ADMIN.email },
      headers: { Lang: 'uk-UA' },
    });
    expect(response.status).toBe(200);
    const mail = await smtp.waitFor(before + 1);
    expect(mail.subject).toBe('Новий пароль для Pult');
    expect(mail.text).toMatch(/\/change-password\?code=/);
  });

  test('the editor previews subject and body in both languages as you type', async ({ page }) => {
    await signIn(page);
    const id = await templateId('welcome');
    await page.goto(`${pult.url}/notification/templates/edit?id=${id}`);
    const preview = page.getByRole('heading', { name: 'Попередній перегляд' }).locator('..');
    await expect(preview.getByText('Тема: Ласкаво просимо до Pult')).toBeVisible();
    await expect(preview.getByText('Тема: Welcome to Pult')).toBeVisible();
    await page.locator('input[name="subject"]').fill('{t:welcome.subject}, {first_name}');
    await expect(preview.getByText('Тема: Ласкаво просимо до Pult, Олена')).toBeVisible();
    await expect(preview.getByText('Тема: Welcome to Pult, Олена')).toBeVisible();
    const uk = page.frameLocator('iframe[title="Перегляд листа: ua (українська)"]');
    const en = page.frameLocator('iframe[title="Перегляд листа: en (англійська)"]');
    await expect(uk.getByRole('heading', { name: 'Вітаємо, Олена!' })).toBeVisible();
    await expect(en.getByRole('heading', { name: 'Hello, Олена!' })).toBeVisible();
    // An unknown translation key is flagged while typing.
    await page.locator('textarea[name="content"]').fill('<p>{t:welcome.nowhere}</p>');
    await expect(page.getByText('welcome.nowhere · невідомий ключ')).toBeVisible();
    await expect(uk.getByText('[welcome.nowhere]')).toBeVisible();
  });

  test('Send test puts the saved template through the queue to the typed address', async ({ page }) => {
    await signIn(page);
    const id = await templateId('order-shipped');
    await page.goto(`${pult.url}/notification/templates/edit?id=${id}`);
    await page.getByRole('button', { name: 'Надіслати тест' }).click();
    const dialog = page.getByRole('dialog', { name: 'Тестовий лист' });
    await dialog.getByLabel('Адреса').fill('not-an-address');
    await dialog.getByRole('button', { name: 'Надіслати' }).click();
    await expect(dialog.getByText('Е-пошта має бути дійсною')).toBeVisible();
    const to = `${uniqueTag('test')}@e2e.test`;
    await dialog.getByLabel('Адреса').fill(to);
    await dialog.getByLabel('Мова').click();
    await page.getByRole('option', { name: 'en (англійська)' }).click();
    const before = smtp.messages.length;
    await dialog.getByRole('button', { name: 'Надіслати' }).click();
    await expect(page.getByText(/Тестовий лист #\d+ поставлено в чергу/)).toBeVisible();
    const mail = await smtp.waitFor(before + 1);
    expect(mail.to).toMatchObject({ text: to });
    expect(mail.subject).toBe('Order A-1024 has shipped');
  });

  test('translations: the "missing" filter and the completeness links', async ({ page }) => {
    const group = uniqueTag('grp');
    await api.ok('POST', '/notification/api/v1/admin/translations', {
      group,
      key_name: 'both',
      value_uk: 'Обидві',
      value_en: 'Both',
    });
    await api.ok('POST', '/notification/api/v1/admin/translations', {
      group,
      key_name: 'uk_only',
      value_uk: 'Лише укр.',
    });
    await signIn(page);
    await page.goto(`${pult.url}/notification/translations?filter[group]=${group}`);
    const table = page.getByRole('table', { name: 'Переклади' });
    await expect(table.locator('tbody > tr')).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Фільтр: Бракує мови' }).click();
    await page.getByRole('option', { name: 'en (англійська)' }).click();
    await expect(page).toHaveURL(/filter%5Bmissing%5D=en-US|filter\[missing\]=en-US/);
    await expect(table.locator('tbody > tr')).toHaveCount(1);
    await expect(table.getByText('uk_only')).toBeVisible();

    await page.goto(`${pult.url}/notification/translations`);
    const completeness = page.getByRole('region', { name: 'Повнота перекладів' });
    await expect(completeness.getByText(/бракує \d+/)).toBeVisible();
    await completeness.getByRole('button', { name: /en-US: \d+ %/ }).click();
    await expect(page).toHaveURL(/missing%5D=en-US|missing\]=en-US/);

    await page.goto(`${pult.url}/notification/translations/view/999999`);
    await expect(page.getByText('Переклад не знайдено')).toBeVisible();
  });

  test('a failed e-mail is retried from the queue and then delivered', async ({ page }) => {
    const to = `${uniqueTag('retry')}@e2e.test`;
    smtp.rejectNext(1);
    const before = smtp.messages.length;
    const sent = await api.ok<{ id: number }>('POST', '/notification/api/v1/send', {
      template: 'welcome',
      to,
      variables: { company: 'Pult', first_name: 'Ірина', link: 'https://pult.example' },
    });
    await expect
      .poll(
        async () =>
          (await api.ok<{ status: string }>('GET', `/notification/api/v1/admin/email-queue/${sent.id}`))
            .status,
      )
      .toBe('failed');

    await signIn(page);
    await page.goto(`${pult.url}/notifications/email-queue?filter[email_to]=${to}`);
    const table = page.getByRole('table', { name: 'Черга листів' });
    await expect(table.getByText('Невдалий')).toBeVisible();
    await expect(table.getByText(/Try again later/)).toBeVisible();
    await table.getByRole('button', { name: `Повторити лист #${sent.id}` }).click();
    await expect(page.getByText('Лист знову в черзі')).toBeVisible();
    const mail = await smtp.waitFor(before + 1);
    expect(mail.to).toMatchObject({ text: to });
    // The counts move, and the table follows them without a reload.
    await expect(table.getByRole('cell', { name: 'Надіслано', exact: true })).toBeVisible({
      timeout: 15_000,
    });

    await table.getByRole('link', { name: `Переглянути лист #${sent.id}` }).click();
    await expect(page.getByRole('heading', { name: `Лист #${sent.id}` })).toBeVisible();
    const attempts = page.getByRole('table', { name: 'Спроби' });
    await expect(attempts.getByText('Невдача')).toBeVisible();
    await expect(attempts.getByText('Надіслано')).toBeVisible();
    await expect(page.getByText('Текст листа видалено після надсилання')).toBeVisible();
  });
});

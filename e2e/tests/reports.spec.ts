import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { type SmtpSink, startSmtpSink } from '../../apps/api/src/test/smtp-sink.js';
import { adminApi, type ListBody } from '../support/admin-api.js';
import { signInThroughForm } from '../support/fixtures.js';
import { DEMO_ADMIN, type PultServer, startPult } from '../support/pult-server.js';

/** Reports (issue 27): the drawer entry, a report's period, grouping and filter, and its CSV. */
test.describe('reports', () => {
  test.describe.configure({ mode: 'serial' });
  let pult: PultServer;
  let smtp: SmtpSink;
  test.beforeAll(async () => {
    smtp = await startSmtpSink();
    pult = await startPult({ SMTP_URL: smtp.url });
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

  test('the drawer leads to the reports, and a report follows its period, grouping and filter', async ({
    page,
  }) => {
    await signIn(page);
    await page.getByRole('navigation').getByRole('link', { name: 'Звіти' }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Звіти' })).toBeVisible();
    await page.getByRole('link', { name: 'Відкрити: Користувачі' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Користувачі' })).toBeVisible();

    const signups = page.getByRole('region', { name: 'Реєстрації' });
    await expect(signups.getByRole('columnheader', { name: 'День' })).toBeVisible();
    // The last 30 days by day: 30 rows, and the demo data signed someone up in them.
    await expect(signups.getByRole('table').locator('tbody tr')).toHaveCount(30);

    await page.getByRole('combobox', { name: 'Групування' }).click();
    await page.getByRole('option', { name: 'За тижнями' }).click();
    await expect(page).toHaveURL(/group=week/);
    await expect(signups.getByRole('columnheader', { name: 'Тиждень (з понеділка)' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Розбивка реєстрацій' }).click();
    await page.getByRole('option', { name: 'За мовами' }).click();
    await expect(page).toHaveURL(/split=language/);
    await expect(signups.getByRole('columnheader', { name: 'Українська' })).toBeVisible();

    await page.getByRole('combobox', { name: 'Період' }).click();
    await page.getByRole('option', { name: 'Останні 90 днів' }).click();
    await expect(page).toHaveURL(/preset=last-90-days/);
    // What the URL holds is the report: a reload shows the same choices.
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Період' })).toHaveText('Останні 90 днів');
    await expect(page.getByRole('combobox', { name: 'Групування' })).toHaveText('За тижнями');
  });

  test('a table downloads as the CSV it shows', async ({ page }) => {
    await signIn(page);
    await page.goto(`${pult.url}/reports/users?preset=last-90-days&group=month`);
    const retention = page.getByRole('region', { name: 'Утримання' });
    const total = retention.getByRole('table').locator('tfoot tr');
    await expect(total).toBeVisible();
    const download = page.waitForEvent('download');
    await retention.getByRole('button', { name: 'Завантажити таблицю «Утримання» як CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^users-retention-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path()) ?? '', 'utf8'))
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Місяць,Зареєструвалися,Активні зараз');
    const shownTotals = (await total.locator('td').allInnerTexts()).map((text) => text.replace(/\s/g, ''));
    expect(lines.at(-1)).toBe(['Разом', ...shownTotals].join(','));
  });

  test('the print view is the report alone: no navigation or controls, a header, tables at full length', async ({
    page,
  }, testInfo) => {
    await signIn(page);
    const path = '/reports/users?preset=last-90-days&group=week&split=language';
    for (const [locale, texts] of [
      [
        'uk-UA',
        {
          print: 'Друк',
          period: 'Період',
          header: [
            'Період: Останні 90 днів',
            'Групування: За тижнями',
            'Розбивка реєстрацій: За мовами',
            'Сформовано: ',
          ],
        },
      ],
      [
        'en-US',
        {
          print: 'Print',
          period: 'Period',
          header: ['Period: Last 90 days', 'Grouping: By week', 'Split sign-ups: By language', 'Generated: '],
        },
      ],
    ] as const) {
      await page.evaluate((value) => window.localStorage.setItem('language_locale', value), locale);
      await page.emulateMedia({ media: 'screen' });
      await page.goto(`${pult.url}${path}`);
      await expect(page.getByRole('button', { name: texts.print })).toBeVisible();
      await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
      await expect(page.getByTestId('report-print-header')).toBeHidden();
      await expect(page.getByRole('button', { name: /CSV/ })).toHaveCount(3);

      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.getByRole('navigation')).toBeHidden();
      await expect(page.getByRole('button', { name: texts.print })).toBeHidden();
      await expect(page.getByRole('combobox', { name: texts.period })).toBeHidden();
      // Hidden elements have no role: the three CSV buttons are gone.
      await expect(page.getByRole('button', { name: /CSV/ })).toHaveCount(0);
      const header = page.getByTestId('report-print-header');
      await expect(header).toBeVisible();
      for (const line of texts.header) await expect(header).toContainText(line);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The charts take the paper's width, and no table scrolls within its card: every row prints.
      for (const chart of await page.locator('.MuiChartsSurface-root').all()) {
        expect((await chart.boundingBox())?.width).toBeLessThanOrEqual(700);
      }
      for (const table of await page.locator('.MuiTableContainer-root').all()) {
        expect(
          await table.evaluate((element) => element.scrollHeight - element.clientHeight),
        ).toBeLessThanOrEqual(1);
      }
      const pdf = await page.pdf({ preferCSSPageSize: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      // The sheet's `@page` made it A4 (595 × 842 pt), not the Letter a PDF defaults to.
      const boxes = [...pdf.toString('latin1').matchAll(/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
      expect(boxes.length).toBeGreaterThan(0);
      for (const [, width, height] of boxes) {
        expect(Math.round(Number(width))).toBe(595);
        expect(Math.round(Number(height))).toBe(842);
      }
      await testInfo.attach(`report-${locale}.pdf`, { body: pdf, contentType: 'application/pdf' });
    }
  });

  test('a report saved under a name is listed under Reports and replays its parameters', async ({ page }) => {
    await signIn(page);
    await page.goto(`${pult.url}/reports/users?preset=last-90-days&group=month&split=language`);
    const save = async () => {
      await page.getByRole('button', { name: 'Зберегти', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Зберегти звіт' });
      await dialog.getByRole('textbox', { name: 'Назва' }).fill('Реєстрації за мовами');
      return dialog;
    };
    const dialog = await save();
    const groups = dialog.getByRole('combobox', { name: 'Поділитися з групами' });
    await groups.fill('superadmin');
    await groups.press('Enter');
    await dialog.getByRole('button', { name: 'Зберегти', exact: true }).click();
    await expect(page.getByText('Звіт збережено як «Реєстрації за мовами»')).toBeVisible();
    await expect(dialog).toBeHidden();

    // The name is taken now: the dialog says so by the field.
    const again = await save();
    await again.getByRole('button', { name: 'Зберегти', exact: true }).click();
    await expect(again.getByText('Ця назва вже зайнята')).toBeVisible();
    await again.getByRole('button', { name: 'Скасувати' }).click();

    await page.getByRole('link', { name: 'Усі звіти' }).click();
    const mine = page.getByRole('region', { name: 'Мої' });
    await expect(mine.getByText('Користувачі · доступний групам superadmin')).toBeVisible();
    await mine.getByRole('link', { name: /Реєстрації за мовами/ }).click();
    await expect(page).toHaveURL(/\/reports\/users\?preset=last-90-days&group=month&split=language$/);
    await expect(page.getByRole('combobox', { name: 'Групування' })).toHaveText('За місяцями');
    await expect(page.getByRole('combobox', { name: 'Розбивка реєстрацій' })).toHaveText('За мовами');

    // The owner deletes it, once they confirm.
    await page.goto(`${pult.url}/reports`);
    await mine.getByRole('button', { name: 'Видалити збережений звіт «Реєстрації за мовами»' }).click();
    await page.getByRole('button', { name: 'Видалити', exact: true }).click();
    await expect(mine.getByText('Ви ще не зберегли жодного звіту', { exact: false })).toBeVisible();
  });

  test('a saved report is scheduled, sent now by e-mail with its CSV, and its delivery is listed', async ({
    page,
  }) => {
    await signIn(page);
    await page.goto(`${pult.url}/reports/delivery?preset=last-30-days&group=week`);
    await page.getByRole('button', { name: 'Зберегти', exact: true }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Зберегти звіт' });
    await saveDialog.getByRole('textbox', { name: 'Назва' }).fill('Доставка щотижня');
    await saveDialog.getByRole('button', { name: 'Зберегти', exact: true }).click();
    await expect(saveDialog).toBeHidden();

    await page.goto(`${pult.url}/reports`);
    await page.getByRole('button', { name: 'Розсилати «Доставка щотижня» за розкладом' }).click();
    const dialog = page.getByRole('dialog', { name: 'Розсилати звіт за розкладом' });
    await expect(dialog.getByRole('combobox', { name: 'Збережений звіт' })).toHaveText('Доставка щотижня');
    await dialog.getByRole('combobox', { name: 'День тижня' }).click();
    await page.getByRole('option', { name: 'пʼятниця' }).click();
    await dialog.getByRole('combobox', { name: 'Година' }).click();
    await page.getByRole('option', { name: '08:00' }).click();
    const zone = dialog.getByRole('combobox', { name: 'Часовий пояс' });
    await zone.fill('Europe/Kyiv');
    await page.getByRole('option', { name: 'Europe/Kyiv' }).click();
    const recipients = dialog.getByRole('combobox', { name: 'Одержувачі' });
    await recipients.fill('Олена');
    await page.getByRole('option', { name: 'Олена Коваленко' }).click();
    await expect(
      dialog.getByText('Лист піде щотижня, пʼятниця, о 08:00 (Europe/Kyiv).', { exact: false }),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Зберегти розклад' }).click();
    await expect(dialog).toBeHidden();

    const schedules = page.getByRole('table', { name: 'Розсилка електронною поштою' });
    const row = schedules.getByRole('row', { name: /Доставка щотижня/ });
    await expect(row).toContainText('щотижня, пʼятниця, о 08:00 (Europe/Kyiv)');
    await expect(row).toContainText('Олена Коваленко');
    await expect(row).toContainText('Ще не було');

    await row.getByRole('button', { name: 'Надіслати «Доставка щотижня» зараз' }).click();
    await expect(page.getByText('Лист поставлено в чергу для одержувачів: 1')).toBeVisible();
    const mail = await smtp.waitFor(1);
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toContain('admin@pult.local');
    expect(mail.subject).toContain('Доставка щотижня');
    expect(mail.html).toContain('За результатом');
    const csv = mail.attachments.find((attachment) => attachment.filename?.endsWith('.csv'));
    expect(csv?.filename).toMatch(/^Доставка-щотижня-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv?.content.toString('utf8')).toContain('Тиждень (з понеділка)');

    await expect(row.getByText('Надіслано')).toBeVisible();
    // The queue shows to whom and how it went, never the figures: they are the recipient's.
    const api = await adminApi(pult.url);
    const queued = await api.ok<ListBody<{ id: number }>>(
      'GET',
      '/notification/api/v1/admin/email-queue?filter[template_name]=report-delivery',
    );
    await page.goto(`${pult.url}/notifications/email-queue/view/${queued.items[0]?.id}`);
    await expect(
      page.getByText('Цей лист містить звіт лише для свого адресата', { exact: false }),
    ).toBeVisible();
    await page.goto(`${pult.url}/reports`);
    // A second click within the minute mails nobody twice, and says when it may go again.
    await row.getByRole('button', { name: 'Надіслати «Доставка щотижня» зараз' }).click();
    await expect(
      page.getByText(/^Цей звіт щойно надіслано\. Надіслати його знову можна через \d+ с\.$/),
    ).toBeVisible();
    await row.getByRole('button', { name: 'Історія розсилок «Доставка щотижня»' }).click();
    const history = page.getByRole('dialog', { name: 'Розсилки «Доставка щотижня»' });
    await expect(history.getByRole('row')).toHaveCount(2);
    await expect(history.getByText('вручну')).toBeVisible();
    await history.getByRole('button', { name: 'Закрити' }).click();

    await row.getByRole('button', { name: 'Видалити розклад «Доставка щотижня»' }).click();
    await page.getByRole('button', { name: 'Видалити', exact: true }).click();
    await expect(page.getByText('Жоден звіт не розсилається', { exact: false })).toBeVisible();
  });

  // Storage, Errors and Chat: each opens from the index with the demo's figures and regroups by week.
  for (const [title, section, filter] of [
    ['Сховище', 'Додані файли', 'Бакет'],
    ['Помилки', 'Нові групи', 'Сервіс'],
    ['Чат', 'Активні користувачі', 'Вид каналу'],
  ] as const) {
    test(`the ${title} report opens with figures and follows its grouping`, async ({ page }) => {
      await signIn(page);
      await page.goto(`${pult.url}/reports`);
      await page.getByRole('link', { name: `Відкрити: ${title}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('combobox', { name: filter })).toBeVisible();
      const region = page.getByRole('region', { name: section });
      await expect(region.getByRole('table').locator('tbody tr')).toHaveCount(30);
      // The demo data put something in the period: the total at the foot is not zero.
      await expect(region.getByRole('table').locator('tfoot td').first()).not.toHaveText('0');

      await page.getByRole('combobox', { name: 'Групування' }).click();
      await page.getByRole('option', { name: 'За тижнями' }).click();
      await expect(page).toHaveURL(/group=week/);
      await expect(region.getByRole('columnheader', { name: 'Тиждень (з понеділка)' })).toBeVisible();
      await expect(region.getByRole('table').locator('tbody tr')).not.toHaveCount(30);
    });
  }

  // The screens support/routes.ts (the every-route checks: axe, the load budget) does not open.
  test('the report screens have no serious or critical WCAG 2.1 AA violation', async ({ page }) => {
    await signIn(page);
    for (const path of ['/reports/users?split=country', '/reports/delivery', '/reports/administrators']) {
      await page.goto(`${pult.url}${path}`);
      await expect(page.locator('h1').first()).toBeVisible();
      // Loaded: no skeleton left (the index's cards, the report, its chart chunk).
      await expect(page.locator('.MuiSkeleton-root')).toHaveCount(0);
      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .analyze();
      const blocking = violations
        .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
        .map(
          (violation) =>
            `${path}: ${violation.id} ${violation.nodes
              .map((node) => node.target.join(' '))
              .slice(0, 3)
              .join(' | ')}`,
        );
      expect(blocking).toEqual([]);
    }
  });
});

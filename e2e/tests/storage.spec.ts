import { readFile } from 'node:fs/promises';
import { uniqueTag } from '../support/admin-api.js';
import { createBucket, ingest, PNG_16, STORAGE, storageKey, uploadFile } from '../support/storage-api.js';
import { bodyRows, expectSettled, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** The Storage module in Chromium against the real server (local blob store), in Ukrainian. */
test.describe.configure({ mode: 'serial' });

test.describe('storage', () => {
  test('creates a bucket, uploads two files with progress, previews and downloads an image, deletes it', async ({
    adminPage: page,
    api,
  }) => {
    const name = `e2e-${uniqueTag('b').toLowerCase()}`;
    await page.goto('/storage/buckets');
    await page.getByRole('link', { name: 'Новий бакет' }).click();
    await expect(page).toHaveURL(/\/storage\/buckets\/create$/);
    await page.getByRole('textbox', { name: 'Назва', exact: true }).fill(name);
    await page.getByRole('textbox', { name: 'Ліміт файлу, МБ', exact: true }).fill('2');
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(page).toHaveURL(/\/storage\/buckets$/);
    const buckets = resourceTable(page, 'Бакети');
    await page.getByRole('textbox', { name: 'Фільтр: Назва' }).fill(name);
    await expect(bodyRows(buckets)).toHaveCount(1);
    await expect(bodyRows(buckets).first()).toContainText('Приватний');

    await page.goto('/storage/files');
    await page.getByRole('button', { name: 'Завантажити файли' }).click();
    const dialog = page.getByRole('dialog', { name: 'Завантаження файлів' });
    await dialog.getByRole('combobox', { name: 'Бакет' }).click();
    await page.getByRole('option', { name }).click();
    await expect(dialog.getByText('До 2 МБ на файл')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Папка (необов’язково)' }).fill('e2e/зображення');
    const text = Buffer.alloc(1_500_000, 'a');
    await dialog.getByLabel('Оберіть файли').setInputFiles([
      { name: 'синій.png', mimeType: 'image/png', buffer: PNG_16 },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: text },
    ]);
    for (const file of ['синій.png', 'notes.txt']) {
      await expect(dialog.getByRole('progressbar', { name: `Поступ завантаження ${file}` })).toHaveAttribute(
        'aria-valuenow',
        '100',
      );
    }
    await expect(dialog.locator('[data-upload-status="done"]')).toHaveCount(2);
    await dialog.getByRole('button', { name: 'Закрити' }).click();

    const files = resourceTable(page, 'Файли');
    await page.getByRole('textbox', { name: 'Фільтр: Шлях' }).fill('e2e/зображення');
    await expectSettled(files);
    await expect(bodyRows(files)).toHaveCount(2);
    await expect(bodyRows(files).filter({ hasText: 'синій.png' })).toContainText('image/png');
    await expect(bodyRows(files).filter({ hasText: 'notes.txt' })).toContainText('text/plain');

    await page.getByRole('button', { name: 'Переглянути синій.png' }).click();
    const image = page.getByRole('img', { name: 'Перегляд синій.png' });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(16);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Завантажити', exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('синій.png');
    expect((await readFile(await download.path())).equals(PNG_16)).toBe(true);

    await page.getByRole('button', { name: 'Видалити', exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Видалити' }).click();
    await expect(page.getByText('Запис видалено')).toBeVisible();
    await expect(bodyRows(files)).toHaveCount(1);
    await expect(bodyRows(files).first()).toContainText('notes.txt');
    const bucket = (
      await api.ok<{ items: { name: string; file_count: number }[] }>(
        'GET',
        `${STORAGE}/admin/buckets?filter[name]=${name}`,
      )
    ).items[0];
    expect(bucket?.file_count).toBe(1);
  });

  test('deletes a bucket with its files after confirming how many', async ({ adminPage: page, api }) => {
    const name = `e2e-${uniqueTag('d').toLowerCase()}`;
    await createBucket(api, { name });
    await uploadFile(api, name, 'a.png', PNG_16);
    await uploadFile(api, name, 'b.png', PNG_16);
    await page.goto(`/storage/buckets?filter[name]=${name}`);
    await page.getByRole('button', { name: `Видалити ${name}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`Бакет «${name}» містить файли (кількість: 2`);
    await confirm.getByRole('button', { name: 'Видалити разом із файлами (2)' }).click();
    await expect(page.getByText('Запис видалено')).toBeVisible();
    await expect(page.getByText('Немає записів, що відповідають умовам')).toBeVisible();
  });

  test('filters logs by service and level, and opens a record with its context', async ({
    adminPage: page,
    api,
  }) => {
    const key = await storageKey(api);
    const service = uniqueTag('logs');
    await ingest(api, key, 'logs', [
      { message: 'Кошик оновлено', level: 'info', service, context: { cart: { items: 3 } } },
      { message: 'Повільний запит', level: 'warn', service, trace_log: 'at query (db.ts:10:2)' },
      { message: 'Інший сервіс', level: 'warn', service: `${service}-other` },
    ]);
    await page.goto('/storage/logs');
    const table = resourceTable(page, 'Журнали користувачів');
    await page.getByRole('combobox', { name: 'Фільтр: Сервіс' }).click();
    await page.getByRole('option', { name: service, exact: true }).click();
    await expectSettled(table);
    await expect(bodyRows(table)).toHaveCount(2);
    await page.getByRole('combobox', { name: 'Фільтр: Рівень' }).click();
    await page.getByRole('option', { name: 'Warn' }).click();
    await expectSettled(table);
    await expect(bodyRows(table)).toHaveCount(1);
    await expect(bodyRows(table).first()).toContainText('Повільний запит');
    await page.getByRole('combobox', { name: 'Фільтр: Рівень' }).click();
    await page.getByRole('option', { name: 'Info' }).click();
    // The table may still show the warn row until the new filter's request starts: wait for the row.
    await expect(bodyRows(table)).toHaveCount(1);
    await expect(bodyRows(table).first()).toContainText('Кошик оновлено');
    await bodyRows(table).first().getByRole('button').click();
    const record = page.getByRole('dialog');
    await expect(record).toContainText('Кошик оновлено');
    await expect(record.locator('pre')).toHaveText(JSON.stringify({ cart: { items: 3 } }, null, 2));
  });

  test('groups errors, resolves a group and shows it again among the resolved', async ({
    adminPage: page,
    api,
  }) => {
    const key = await storageKey(api);
    const service = uniqueTag('errs');
    await ingest(api, key, 'errors', [
      { message: 'Order 17 failed', level: 'error', service, trace_log: 'Error\n    at pay (pay.ts:1:1)' },
      { message: 'Order 99 failed', level: 'error', service, trace_log: 'Error\n    at pay (pay.ts:2:2)' },
      { message: 'Disk full', level: 'fatal', service },
    ]);
    await page.goto('/storage/errors');
    await expect(page).toHaveURL(/filter%5Bstatus%5D=open|filter\[status\]=open/);
    const table = resourceTable(page, 'Помилки');
    await page.getByRole('combobox', { name: 'Фільтр: Сервіс' }).click();
    await page.getByRole('option', { name: service, exact: true }).click();
    // Each step waits for the address it leads to and the rows it should leave: between a click and
    // the list's next request the table is not busy and still shows the previous answer.
    await expect(page).toHaveURL(/service_id/);
    await expectSettled(table);
    await expect(bodyRows(table)).toHaveCount(2);
    const orders = bodyRows(table).filter({ hasText: 'Order 99 failed' });
    await expect(orders).toHaveCount(1);
    await expect(orders.getByRole('cell', { name: '2', exact: true })).toBeVisible();
    await orders.getByRole('button', { name: /Позначити вирішеною/ }).click();
    await expect(page.getByText('Групу позначено вирішеною')).toBeVisible();
    await expectSettled(table);
    await expect(bodyRows(table)).toHaveCount(1);
    await expect(bodyRows(table).first()).toContainText('Disk full');

    // Once in a CI run on a loaded machine (2026-11-29) the choice left the address unchanged; never
    // seen locally in repeated runs. The gesture is tried again rather than the run lost; the cause is
    // an open question in docs/performance.md's suite section.
    await expect(async () => {
      await page.getByRole('combobox', { name: 'Фільтр: Статус' }).click();
      await page.getByRole('option', { name: 'Вирішена' }).click();
      await expect(page).toHaveURL(/status%5D=resolved|status\]=resolved/, { timeout: 5_000 });
    }).toPass({ timeout: 20_000 });
    await expectSettled(table);
    await expect(bodyRows(table)).toHaveCount(1);
    await expect(bodyRows(table).first()).toContainText('Order 99 failed');

    await bodyRows(table)
      .first()
      .getByRole('link', { name: /Випадки групи/ })
      .click();
    await expect(page).toHaveURL(/group_id/);
    await expect(page.getByRole('tab', { name: 'Усі помилки' })).toHaveAttribute('aria-selected', 'true');
    await expectSettled(table);
    await expect(bodyRows(table)).toHaveCount(2);
  });

  test('deletes errors by date: at least one date, then a confirmation naming the count', async ({
    adminPage: page,
    api,
  }) => {
    const key = await storageKey(api);
    const service = uniqueTag('old');
    await ingest(
      api,
      key,
      'errors',
      ['2019-02-03T10:00:00Z', '2019-02-03T23:59:59Z', '2019-02-04T00:00:00Z'].map((created_at) => ({
        message: 'Stale',
        level: 'error',
        service,
        created_at,
      })),
    );
    await page.goto('/storage/errors');
    await page.getByRole('button', { name: 'Видалити за датами' }).click();
    const dialog = page.getByRole('dialog', { name: 'Видалити помилки за датами' });
    await dialog.getByRole('button', { name: 'Далі' }).click();
    await expect(dialog.getByText('Вкажіть хоча б одну дату (від або до)')).toBeVisible();
    // Days in the UI language's form: one in another form is refused under its field.
    await dialog.getByLabel('Від').fill('2019-02-03');
    await dialog.getByRole('button', { name: 'Далі' }).click();
    await expect(dialog.getByText('Формат: ДД.ММ.РРРР')).toBeVisible();
    await dialog.getByLabel('Від').fill('03.02.2019');
    await dialog.getByLabel('До').fill('03.02.2019');
    await dialog.getByRole('button', { name: 'Далі' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Видалити помилки (2)?' });
    await expect(confirm).toContainText('від 03.02.2019 до 03.02.2019');
    await confirm.getByRole('button', { name: 'Видалити (2)' }).click();
    await expect(page.getByText('Видалено помилок: 2')).toBeVisible();
    const left = await api.ok<{ total: number }>(
      'GET',
      `${STORAGE}/admin/errors?filter[message]=Stale&filter[created_at]=2019-02-03,2019-02-04`,
    );
    expect(left.total).toBe(1);
  });
});

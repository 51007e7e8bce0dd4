import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { uniqueTag } from '../support/admin-api.js';
import { expectSettled, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/**
 * CSV both ways on a list (one server for the file): "Export CSV" downloads the whole list in its
 * filter and sort; "Import CSV" is the wizard that maps, checks and writes a file.
 */
test.describe('CSV export', () => {
  test('downloads exactly the filtered, sorted list as UTF-8 CSV with a BOM', async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('csv');
    const names = ['Ярина', 'Богдан', '=SUM(1)', 'Ґанна'];
    for (const [index, first_name] of names.entries()) {
      await api.createUser({ email: `${tag}.${index + 1}@e2e.test`, first_name });
    }
    await api.createUser({ email: `${uniqueTag('other')}@e2e.test`, first_name: 'Поза' });

    await page.goto(`/auth/users?filter[email]=${tag}&sort=-first_name&perPage=5`);
    const table = resourceTable(page, 'Користувачі');
    await expectSettled(table);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Експорт CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^users-\d{8}-\d{6}\.csv$/);
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^ID,Е-пошта,/);
    expect(lines).toHaveLength(names.length + 1);
    // In the table's order (descending first name, as the server sorts); the formula is kept as text.
    const listed = await api.listUsers({ 'filter[email]': tag, sort: '-first_name' });
    const firstNames = lines.slice(1).map((line) => line.split(',')[3]);
    expect(firstNames).toEqual(
      listed.items.map((user) => (user.first_name.startsWith('=') ? `'${user.first_name}` : user.first_name)),
    );
    expect(firstNames).toContain("'=SUM(1)");
    await expect(page.getByText(/Файл users-\d{8}-\d{6}\.csv збережено, рядків: 4/)).toBeVisible();
  });
});

test.describe('CSV import', () => {
  test('the wizard maps a file, shows what it would change and reject, imports the valid rows and links to them', async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('imp');
    await api.createUser({ email: `${tag}.old@e2e.test`, first_name: 'Старе', last_name: 'Ім’я' });
    // English labels and semicolons (a spreadsheet's export); "Surname" names no field until mapped.
    const csv = [
      'E-mail;First name;Surname;Notes',
      `${tag}.new@e2e.test;Олена;Коваль;перша`,
      `${tag}.old@e2e.test;Нове;Ім’я;друга`,
      'not-an-email;Іван;Франко;третя',
    ].join('\r\n');

    await page.goto('/auth/users');
    await page.getByRole('button', { name: 'Імпорт CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Імпорт CSV' });
    await dialog
      .getByTestId('import-file')
      // With a BOM, as a spreadsheet's "CSV UTF-8" (and this panel's export) writes it.
      .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`) });

    // Pre-filled by the server's matching of the English labels; the rest is the admin's to map.
    await expect(dialog.getByRole('combobox', { name: 'Поле E-mail' })).toHaveText('Е-пошта');
    await expect(dialog.getByRole('combobox', { name: 'Поле First name' })).toHaveText('Ім’я');
    await expect(dialog.getByRole('combobox', { name: 'Поле Surname' })).toHaveText('Не імпортувати');
    await dialog.getByRole('combobox', { name: 'Поле Surname' }).click();
    await page.getByRole('option', { name: 'Прізвище' }).click();
    await dialog.getByRole('radio', { name: 'Оновити запис' }).check();
    await dialog.getByRole('button', { name: 'Перевірити файл' }).click();

    const counts = dialog.getByTestId('import-counts');
    await expect(counts).toContainText('Рядків у файлі: 3');
    await expect(counts).toContainText('Нових: 1');
    await expect(counts).toContainText('Буде оновлено: 1');
    await expect(counts).toContainText('Відхилено: 1');
    await expect(dialog.getByRole('table', { name: 'Відхилені рядки' })).toContainText('4');
    await expect(dialog.getByRole('table', { name: 'Зміни в наявних записах' })).toContainText(
      'Старе → Нове',
    );
    await expect(dialog.getByText(/Notes/)).toHaveCount(0);
    // A dry run wrote nothing.
    expect((await api.listUsers({ 'filter[email]': tag })).items).toHaveLength(1);
    await expect(dialog.getByRole('button', { name: 'Імпортувати (2)' })).toBeDisabled();

    await dialog.getByRole('button', { name: 'Імпортувати лише правильні (2)' }).click();
    await expect(dialog.getByText('Імпортовано: нових — 1, оновлено — 1.')).toBeVisible();
    const imported = await api.listUsers({ 'filter[email]': tag, sort: 'email' });
    expect(imported.items.map((user) => [user.email, user.first_name, user.last_name])).toEqual([
      [`${tag}.new@e2e.test`, 'Олена', 'Коваль'],
      [`${tag}.old@e2e.test`, 'Нове', 'Ім’я'],
    ]);

    await dialog.getByRole('link', { name: `${tag}.new@e2e.test` }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`filter%5Bemail%5D=${tag}.new|filter\\[email\\]=${tag}.new`));
    const table = resourceTable(page, 'Користувачі');
    await expectSettled(table);
    await expect(table.locator('tbody tr')).toHaveCount(1);
    await expect(table.locator('tbody tr')).toContainText('Олена');
  });
});

test.describe('Translator files', () => {
  test('downloads XLIFF for English and imports what the translator filled in', async ({
    adminPage: page,
    api,
  }) => {
    const group = uniqueTag('xl').replace(/[^A-Za-z0-9_-]/g, '_');
    const TRANSLATIONS = '/notification/api/v1/admin/translations';
    await api.ok('POST', TRANSLATIONS, { group, key_name: 'greeting', value_uk: 'Вітаємо', value_en: null });
    await api.ok('POST', TRANSLATIONS, { group, key_name: 'bye', value_uk: 'До побачення', value_en: 'Bye' });

    await page.goto(`/notification/translations?filter[group]=${group}`);
    await page.getByRole('button', { name: 'Файли для перекладачів' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /^XLIFF 2\.0, ua → en/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('translations-en-US.xlf');
    const xliff = await readFile(await download.path(), 'utf8');
    // The untranslated key is there with an empty target, for the translator to fill in. The file
    // holds every group of the server the file's tests share; the translator here works on this one.
    const file = new RegExp(`<file id="${group}">[\\s\\S]*?</file>`).exec(xliff)?.[0] ?? '';
    expect(file).toMatch(/<unit id="greeting">\s*<segment>\s*<source>Вітаємо<\/source>\s*<target><\/target>/);
    const filled = file.replace(/(<unit id="greeting">[\s\S]*?<target>)(<\/target>)/, '$1Welcome$2');
    const translated = path.join(os.tmpdir(), `${group}.xlf`);
    await writeFile(translated, `${xliff.slice(0, xliff.indexOf('<file '))}${filled}\n</xliff>\n`);

    await page.getByRole('button', { name: 'Файли для перекладачів' }).click();
    await page.getByRole('menuitem', { name: 'Імпортувати файл перекладача…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Імпорт файлу перекладача' });
    await dialog.getByTestId('exchange-file').setInputFiles(translated);
    await dialog.getByRole('button', { name: 'Перевірити файл' }).click();
    await expect(dialog.getByTestId('import-counts')).toContainText('Буде оновлено: 1');
    await expect(dialog.getByRole('table', { name: 'Зміни в наявних записах' })).toContainText('— → Welcome');
    await dialog.getByRole('button', { name: 'Імпортувати (1)' }).click();
    await expect(dialog.getByText('Імпортовано: нових — 0, оновлено — 1.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Готово' }).click();

    const table = resourceTable(page, 'Переклади');
    await expectSettled(table);
    await expect(table.locator('tbody tr', { hasText: 'greeting' })).toContainText('Welcome');
    const stored = await api.ok<{ items: { key_name: string; value_en: string | null }[] }>(
      'GET',
      `${TRANSLATIONS}?filter[group]=${group}&sort=key_name`,
    );
    expect(stored.items.map((item) => [item.key_name, item.value_en])).toEqual([
      ['bye', 'Bye'],
      ['greeting', 'Welcome'],
    ]);
  });
});

import { readFile } from 'node:fs/promises';
import { uniqueTag } from '../support/admin-api.js';
import { expectSettled, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** "Export CSV" on a list: the whole list in its filter and sort, downloaded with the session's token. */
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

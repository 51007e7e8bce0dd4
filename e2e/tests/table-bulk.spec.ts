import { uniqueTag } from '../support/admin-api.js';
import { DEMO_ADMIN } from '../support/pult-server.js';
import { expectSettled, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** Bulk actions on a list: pick rows (or every row matching the filter), confirm, read the summary. */
test.describe('bulk actions', () => {
  test('changes the status of every user matching the filter, across pages', async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('bulk');
    for (let index = 1; index <= 7; index += 1) {
      await api.createUser({ email: `${tag}.${index}@e2e.test` });
    }
    await page.goto(`/auth/users?filter[email]=${tag}&perPage=5`);
    const table = resourceTable(page, 'Користувачі');
    await expectSettled(table);

    // One row first: the bar counts it.
    await page
      .getByRole('checkbox', { name: /^Вибрати рядок \d+$/ })
      .first()
      .check();
    const bar = page.getByRole('region', { name: 'Дії з вибраними' });
    await expect(bar.getByText('Вибрано: 1')).toBeVisible();

    await page.getByRole('checkbox', { name: 'Вибрати всі рядки на сторінці' }).check();
    await expect(bar.getByText('Вибрано: 5')).toBeVisible();
    await bar.getByRole('button', { name: 'Вибрати всі 7, що відповідають фільтру' }).click();
    await expect(bar.getByText('Вибрано всі 7, що відповідають фільтру')).toBeVisible();

    await bar.getByRole('button', { name: 'Змінити статус' }).click();
    await page.getByRole('menuitem', { name: 'Заблокований' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Змінити статус: Заблокований' });
    await expect(dialog).toContainText('Дію буде застосовано до записів: 7.');
    await dialog.getByRole('button', { name: 'Застосувати до 7' }).click();

    await expect(page.getByText('Оновлено: 7')).toBeVisible();
    await expect(bar).toBeHidden();
    const locked = await api.listUsers({ 'filter[email]': tag, 'filter[status]': '2' });
    expect(locked.total).toBe(7);
    await expectSettled(table);
    await expect(table.getByRole('cell', { name: 'Заблокований' })).toHaveCount(5);
  });

  test('skips the administrator’s own account and says so', async ({ adminPage: page, api }) => {
    const mine = await api.ok<{ items: { id: number }[] }>(
      'GET',
      `/auth/admin/admins?filter[email]=${encodeURIComponent(DEMO_ADMIN.email)}`,
    );
    const me = mine.items[0] as { id: number };
    const other = await api.createAdmin({ email: `${uniqueTag('peer')}@e2e.test` });
    await page.goto('/auth/admins?perPage=100');
    const table = resourceTable(page, 'Адміністратори');
    await expectSettled(table);
    await page.getByRole('checkbox', { name: `Вибрати рядок ${me.id}`, exact: true }).check();
    await page.getByRole('checkbox', { name: `Вибрати рядок ${other.id}`, exact: true }).check();
    const bar = page.getByRole('region', { name: 'Дії з вибраними' });
    await bar.getByRole('button', { name: 'Змінити статус' }).click();
    await page.getByRole('menuitem', { name: 'Вимкнений' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Застосувати до 2' }).click();
    await expect(page.getByText('Оновлено: 1, пропущено 1: власний обліковий запис')).toBeVisible();
    const admins = await api.ok<{ items: { id: number; status: number }[] }>(
      'GET',
      '/auth/admin/admins?perPage=100',
    );
    expect(admins.items.find((admin) => admin.id === me.id)?.status).toBe(1);
    expect(admins.items.find((admin) => admin.id === other.id)?.status).toBe(4);
  });
});

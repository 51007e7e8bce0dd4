import type { Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail, uniqueTag } from '../support/admin-api.js';
import { DEMO_ADMIN } from '../support/pult-server.js';
import { useLocale } from '../support/second-admin.js';
import { columnCells, expectSettled, expectUrlParams, listUrl, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** Panel administrators (`/auth/admins`): groups, and the guards against locking oneself out. */
const TITLE = 'Адміністратори';

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

function passwordField(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}[\\s\u2009]*\\*?$`));
}

function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** The signed-in administrator's own row actions are named after their e-mail, whatever their name. */
const OWN_ROW = new RegExp(`\\(${DEMO_ADMIN.email.replaceAll('.', '\\.')}\\)$`);

test.describe('administrators', () => {
  test('the list shows each administrator’s groups and filters by group', async ({ adminPage: page }) => {
    await page.goto(listUrl('/auth/admins', { 'filter[email]': '@pult.local', sort: 'email' }));
    const table = resourceTable(page, TITLE);
    await expectSettled(table);
    const rowOf = (email: string) => table.getByRole('row').filter({ hasText: email });
    await expect(rowOf(DEMO_ADMIN.email).getByText('superadmin', { exact: true })).toBeVisible();
    await expect(rowOf('andrii.melnyk@pult.local').getByText('support', { exact: true })).toBeVisible();
    await expect(rowOf('emily.carter@pult.local').getByText('content', { exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: 'Фільтр: Групи' }).fill('support');
    await expectUrlParams(page, { 'filter[groups]': 'support', 'filter[email]': '@pult.local' });
    await expectSettled(table);
    await expect(await columnCells(table, 'Е-пошта')).toHaveText(['andrii.melnyk@pult.local']);
    await expect(await columnCells(table, 'Групи')).toHaveText(['support']);
  });

  test('an administrator is created with groups', async ({ adminPage: page, api }) => {
    const email = uniqueEmail(uniqueTag('adm'));
    await page.goto('/auth/admins');
    await page.getByRole('link', { name: 'Новий адміністратор' }).click();
    await expect(page).toHaveURL(/\/auth\/admins\/create$/);

    await field(page, 'Е-пошта').fill(email);
    await passwordField(page, 'Пароль').fill(TEST_PASSWORD);
    await passwordField(page, 'Повторіть пароль').fill(TEST_PASSWORD);
    await field(page, 'Ім’я').fill('Ганна');
    await field(page, 'Прізвище').fill('Групова');
    const groups = page.getByRole('combobox', { name: 'Групи' });
    await expect(groups).toHaveAccessibleDescription('Введіть значення й натисніть Enter');
    for (const group of ['content', 'support', 'not a group!']) {
      await groups.fill(group);
      await groups.press('Enter');
    }
    await expect(page.getByRole('button', { name: 'content' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'support' })).toBeVisible();

    const save = page.getByRole('button', { name: 'Зберегти' });
    await save.click();
    await expect(groups).toHaveAccessibleDescription('Недопустиме значення');
    await expect(page).toHaveURL(/\/auth\/admins\/create$/);
    // Backspace in the empty input removes the last chip.
    await groups.press('Backspace');
    await expect(page.getByRole('button', { name: 'not a group!' })).toHaveCount(0);
    await expect(groups).toHaveAccessibleDescription('Введіть значення й натисніть Enter');

    await save.click();
    await expect(notice(page, 'Зміни збережено')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/admins$/);

    await page.goto(listUrl('/auth/admins', { 'filter[email]': email }));
    const table = resourceTable(page, TITLE);
    await expectSettled(table);
    await expect(await columnCells(table, 'Е-пошта')).toHaveText([email]);
    const groupCell = (await columnCells(table, 'Групи')).first();
    await expect(groupCell.locator('.MuiChip-root')).toHaveText(['content', 'support']);
    const saved = await api.ok<{ items: { groups: string[] }[] }>(
      'GET',
      `/auth/admin/admins?${new URLSearchParams({ 'filter[email]': email })}`,
    );
    expect(saved.items.map((admin) => admin.groups)).toEqual([['content', 'support']]);
  });

  test('the signed-in administrator is not offered to delete their own account, and the server refuses it', async ({
    adminPage: page,
    api,
  }) => {
    await page.goto(listUrl('/auth/admins', { 'filter[email]': 'pult.local' }));
    const table = resourceTable(page, TITLE);
    await expectSettled(table);
    // Others can be deleted; the own row keeps only its edit action.
    await expect(table.getByRole('link', { name: OWN_ROW })).toBeVisible();
    await expect(table.getByRole('button', { name: OWN_ROW })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /andrii\.melnyk@pult\.local\)$/ })).toBeVisible();

    const own = await api.ok<{ items: { id: number; status: number }[] }>(
      'GET',
      `/auth/admin/admins?${new URLSearchParams({ 'filter[email]': DEMO_ADMIN.email })}`,
    );
    const refused = await api.request<{ message: string }>(
      'DELETE',
      `/auth/admin/admins/${own.items[0]?.id}`,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Не можна видалити власний обліковий запис');
    expect(own.items.map((admin) => admin.status)).toEqual([1]);
  });

  test('the signed-in administrator cannot lock their own account', async ({ adminPage: page, api }) => {
    await page.goto(listUrl('/auth/admins', { 'filter[email]': DEMO_ADMIN.email }));
    const table = resourceTable(page, TITLE);
    await table.getByRole('link', { name: OWN_ROW }).click();
    await expect(page).toHaveURL(/\/auth\/admins\/edit\?id=\d+$/);
    await expect(field(page, 'Е-пошта')).toHaveValue(DEMO_ADMIN.email);

    const status = page.getByRole('combobox', { name: 'Статус' });
    await status.click();
    await page.getByRole('option', { name: 'Заблокований' }).click();
    await expect(status).toHaveText('Заблокований');
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(status).toHaveAccessibleDescription(
      'Не можна заблокувати чи вимкнути власний обліковий запис',
    );
    await expect(notice(page, 'Не вдалося зберегти зміни')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/admins\/edit\?id=\d+$/);
    const own = await api.ok<{ items: { status: number }[] }>(
      'GET',
      `/auth/admin/admins?${new URLSearchParams({ 'filter[email]': DEMO_ADMIN.email })}`,
    );
    expect(own.items.map((admin) => admin.status)).toEqual([1]);
  });

  test('a CSV file invites new administrators and changes groups and status, in English', async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('admimp');
    await api.createAdmin({ email: `${tag}.old@e2e.test`, first_name: 'Old', groups: [] });
    const csv = [
      'E-mail,First name,Last name,Groups,Status',
      `${tag}.new@e2e.test,Nadia,Bondar,support,Active`,
      `${tag}.old@e2e.test,Old,Admin,support,Locked`,
      `${tag}.bad@e2e.test,Bad,Group,no-such-group,Active`,
    ].join('\r\n');

    await useLocale(page, 'en-US');
    await page.goto('/auth/admins');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import CSV' });
    await dialog
      .getByTestId('import-file')
      .setInputFiles({ name: 'team.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('radio', { name: 'Update the record' }).check();
    await dialog.getByRole('button', { name: 'Check file' }).click();

    const counts = dialog.getByTestId('import-counts');
    await expect(counts).toContainText('Rows in the file: 3');
    await expect(counts).toContainText('New: 1');
    await expect(counts).toContainText('To update: 1');
    await expect(counts).toContainText('Rejected: 1');
    await expect(dialog.getByRole('table', { name: 'Rejected rows' })).toContainText('no-such-group');
    await expect(dialog.getByText(/New administrators get no password/)).toBeVisible();
    const listed = () =>
      api.ok<{ items: { email: string; groups: string[]; status: number }[] }>(
        'GET',
        `/auth/admin/admins?${new URLSearchParams({ 'filter[email]': tag, sort: 'email' })}`,
      );
    expect((await listed()).items.map((admin) => admin.email)).toEqual([`${tag}.old@e2e.test`]);

    await dialog.getByRole('button', { name: 'Import the valid rows only (2)' }).click();
    await expect(dialog.getByText('Imported: 1 new, 1 updated.')).toBeVisible();
    await expect(dialog.getByText(/have been sent an invitation by e-mail/)).toBeVisible();
    expect((await listed()).items.map((admin) => [admin.email, admin.groups, admin.status])).toEqual([
      [`${tag}.new@e2e.test`, ['support'], 1],
      [`${tag}.old@e2e.test`, ['support'], 2],
    ]);
    // The invitation goes through the e-mail queue, to the new administrator only.
    const queued = await api.ok<{ items: { email_to: string; template_name: string }[] }>(
      'GET',
      `/notification/api/v1/admin/email-queue?${new URLSearchParams({ 'filter[email_to]': tag })}`,
    );
    expect(queued.items.map((mail) => [mail.email_to, mail.template_name])).toEqual([
      [`${tag}.new@e2e.test`, 'admin-invitation'],
    ]);
  });
});

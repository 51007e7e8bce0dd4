import type { Page } from '@playwright/test';
import { publicCall, TEST_PASSWORD, type TokenPair, uniqueTag } from '../support/admin-api.js';
import { columnCells, expectSettled, listUrl, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** `/auth/settings`: typed settings edited in a dialog, and the two platform-wide actions. */

function notice(page: Page, text: string | RegExp) {
  return page.getByRole('alert').filter({ hasText: text });
}

function whoami(baseURL: string, key: string) {
  return publicCall<{ service: string }>(baseURL, 'GET', '/auth/service/whoami', {
    headers: { 'x-api-key': key },
  });
}

test.describe('settings', () => {
  test('in English: an integer setting refuses a non-integer and saves a whole number', async ({
    adminPage: page,
    api,
  }) => {
    const key = `e2e.int.${uniqueTag()}`;
    await api.ok('POST', '/auth/admin/settings', { key, type: 'integer', value: 10, is_public: false });
    await page.addInitScript(() => window.localStorage.setItem('language_locale', 'en-US'));

    await page.goto(listUrl('/auth/settings', { 'filter[key]': key }));
    const table = resourceTable(page, 'Settings');
    await expectSettled(table);
    const values = await columnCells(table, 'Value');
    await expect(values).toHaveText(['10']);
    await expect(await columnCells(table, 'Type')).toHaveText(['Integer']);

    await table.getByRole('button', { name: `Edit ${key}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit “${key}”` });
    const value = dialog.getByRole('textbox', { name: 'Value' });
    const save = dialog.getByRole('button', { name: 'Save' });
    await expect(value).toHaveValue('10');
    await expect(dialog.getByRole('textbox', { name: 'Key' })).toHaveAttribute('readonly', '');

    await value.fill('12.5');
    await value.blur();
    await expect(value).toHaveAccessibleDescription('Must be an integer');
    await expect(save).toBeDisabled();
    await value.fill('ten');
    await expect(value).toHaveAccessibleDescription('Must be an integer');
    await expect(save).toBeDisabled();

    await value.fill('64');
    await expect(value).toHaveAccessibleDescription('');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(notice(page, 'Changes saved')).toBeVisible();
    await expect(values).toHaveText(['64']);
    const saved = await api.ok<{ value: unknown }>('GET', `/auth/admin/settings/${key}`);
    expect(saved.value).toBe(64);
  });

  test('a JSON setting refuses broken JSON and saves valid JSON', async ({ adminPage: page, api }) => {
    const key = `e2e.json.${uniqueTag()}`;
    await api.ok('POST', '/auth/admin/settings', { key, type: 'json', value: { a: 1 }, is_public: false });

    await page.goto(listUrl('/auth/settings', { 'filter[key]': key }));
    const table = resourceTable(page, 'Налаштування');
    await expectSettled(table);
    const values = await columnCells(table, 'Значення');
    await expect(values).toHaveText(['{"a":1}']);

    await table.getByRole('button', { name: `Редагувати ${key}` }).click();
    const dialog = page.getByRole('dialog', { name: `Редагування «${key}»` });
    const value = dialog.getByRole('textbox', { name: 'Значення' });
    const save = dialog.getByRole('button', { name: 'Зберегти' });
    await expect(value).toHaveValue('{\n  "a": 1\n}');

    await value.fill('{"a": 2,');
    await value.blur();
    await expect(value).toHaveAccessibleDescription('Недійсний формат JSON');
    await expect(save).toBeDisabled();

    await value.fill('{"a": 2, "b": [1, 2]}');
    await expect(value).toHaveAccessibleDescription(/^Значення JSON/);
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(notice(page, 'Зміни збережено')).toBeVisible();
    await expect(values).toHaveText(['{"a":2,"b":[1,2]}']);
    const saved = await api.ok<{ value: unknown }>('GET', `/auth/admin/settings/${key}`);
    expect(saved.value).toEqual({ a: 2, b: [1, 2] });
  });

  test('"remove all user tokens" asks first; once confirmed a user’s refresh token stops working', async ({
    adminPage: page,
    api,
  }) => {
    const user = await api.createUser({ status: 1 });
    const signin = await publicCall<TokenPair>(api.baseURL, 'POST', '/auth/user/signin', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signin.status).toBe(200);
    const refresh = (token: string) =>
      publicCall<TokenPair>(api.baseURL, 'POST', '/auth/user/refresh-token', {
        body: { refresh_token: token },
      });

    await page.goto('/auth/settings');
    const action = page.getByRole('button', { name: 'Видалити всі токени користувачів' });
    const dialog = page.getByRole('alertdialog', { name: 'Видалити всі токени користувачів?' });

    // Cancelled: nothing happens, the user's session still renews.
    await action.click();
    await expect(dialog).toContainText('Сеанси адміністраторів панелі не зачіпаються');
    await dialog.getByRole('button', { name: 'Скасувати' }).click();
    await expect(dialog).toBeHidden();
    const renewed = await refresh(signin.body.refresh_token);
    expect(renewed.status).toBe(200);

    await action.click();
    await dialog.getByRole('button', { name: 'Видалити всі токени користувачів' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      notice(page, /^Усіх користувачів платформи виведено із системи \(сесій: [1-9]\d*\)\.$/),
    ).toBeVisible();
    const refused = await refresh(renewed.body.refresh_token);
    expect(refused.status).toBe(401);
    // The administrator's own session is untouched: the panel still loads data.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Видалити всі токени користувачів' })).toBeVisible();
    await expectSettled(resourceTable(page, 'Налаштування'));
    await expect(page).toHaveURL(/\/auth\/settings$/);
  });

  test('"regenerate API keys" shows the new keys once; they work and the previous ones stop', async ({
    adminPage: page,
    api,
  }) => {
    await page.goto('/auth/settings');
    const keysTable = page.getByRole('table', { name: 'API-ключі' });
    const storageRow = keysTable.getByRole('row').filter({ hasText: 'Сховище' });
    await expect(storageRow).toContainText(/pult_storage_[\w-]{4}…/);
    const prefixBefore = await storageRow.getByText(/pult_storage_/).textContent();

    const action = page.getByRole('button', { name: 'Перегенерувати API-ключі' });
    const confirm = page.getByRole('alertdialog', { name: 'Перегенерувати API-ключі?' });
    const shown = page.getByRole('dialog', { name: 'Нові API-ключі' });

    // Cancelled: no new keys.
    await action.click();
    await confirm.getByRole('button', { name: 'Скасувати' }).click();
    await expect(confirm).toBeHidden();
    await expect(shown).toHaveCount(0);
    await expect(storageRow).toContainText(prefixBefore ?? 'missing');

    const regenerate = async () => {
      await action.click();
      await confirm.getByRole('button', { name: 'Перегенерувати API-ключі' }).click();
      await expect(shown).toBeVisible();
      await expect(shown.getByTestId(/^new-key-/)).toHaveCount(3);
      const key = (await shown.getByTestId('new-key-storage').textContent()) ?? '';
      expect(key).toMatch(/^pult_storage_\S{20,}$/);
      return key;
    };

    const first = await regenerate();
    await expect(shown).toContainText('після закриття цього вікна їх більше не буде показано');
    expect(await whoami(api.baseURL, first)).toEqual({ status: 200, body: { service: 'storage' } });
    const chatKey = (await shown.getByTestId('new-key-chat').textContent()) ?? '';
    expect((await whoami(api.baseURL, chatKey)).body).toEqual({ service: 'chat' });
    const prefix = `${first.slice(0, 'pult_storage_'.length + 4)}…`;

    await shown.getByRole('button', { name: 'Я зберіг ключі' }).click();
    await expect(shown).toBeHidden();
    // Once closed, the key is gone from the page: the list shows its first characters only.
    await expect(page.getByText(first)).toHaveCount(0);
    await expect(storageRow).toContainText(prefix);
    await page.reload();
    await expect(storageRow).toContainText(prefix);
    await expect(page.getByText(first)).toHaveCount(0);

    const second = await regenerate();
    expect(second).not.toBe(first);
    await shown.getByRole('button', { name: 'Я зберіг ключі' }).click();
    await expect(shown).toBeHidden();
    expect((await whoami(api.baseURL, first)).status).toBe(401);
    expect(await whoami(api.baseURL, second)).toEqual({ status: 200, body: { service: 'storage' } });
    expect((await whoami(api.baseURL, chatKey)).status).toBe(401);
  });
});

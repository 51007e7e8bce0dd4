import type { Page } from '@playwright/test';
import { TEST_PASSWORD, uniqueEmail, uniqueTag } from '../support/admin-api.js';
import { columnCells, expectSettled, listUrl, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** The user create/edit screens (`/auth/users/create`, `/auth/users/edit?id=`) and deleting from the list. */
const TITLE = 'Користувачі';
const REQUIRED = "Це поле обов'язкове";

function field(page: Page, label: string) {
  return page.getByRole('textbox', { name: label, exact: true });
}

/** A password input has no ARIA role; its label carries the required asterisk. */
function passwordField(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${label}[\\s\u2009]*\\*?$`));
}

function notice(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

/** Opens the list filtered by one e-mail and waits for its single row. */
async function openListOf(page: Page, email: string) {
  await page.goto(listUrl('/auth/users', { 'filter[email]': email }));
  const table = resourceTable(page, TITLE);
  await expectSettled(table);
  await expect(await columnCells(table, 'Е-пошта')).toHaveText([email]);
  return table;
}

test.describe('user forms', () => {
  test('creating a user: client checks, then the server refuses a taken e-mail, then it is saved', async ({
    adminPage: page,
    api,
  }) => {
    const existing = await api.createUser();
    const email = uniqueEmail(uniqueTag('new'));

    await page.goto('/auth/users');
    await page.getByRole('link', { name: 'Новий користувач' }).click();
    await expect(page).toHaveURL(/\/auth\/users\/create$/);
    // A new account starts active and in the panel's language.
    await expect(page.getByRole('combobox', { name: 'Статус' })).toHaveText('Активний');
    await expect(page.getByRole('combobox', { name: 'Мова' })).toHaveText('Українська');

    const save = page.getByRole('button', { name: 'Зберегти' });
    await save.click();
    await expect(field(page, 'Е-пошта')).toHaveAccessibleDescription(REQUIRED);
    await expect(passwordField(page, 'Пароль')).toHaveAccessibleDescription(REQUIRED);
    await expect(passwordField(page, 'Повторіть пароль')).toHaveAccessibleDescription(REQUIRED);
    await expect(field(page, 'Ім’я')).toHaveAccessibleDescription(REQUIRED);
    await expect(field(page, 'Прізвище')).toHaveAccessibleDescription(REQUIRED);
    await expect(page).toHaveURL(/\/auth\/users\/create$/);

    await field(page, 'Е-пошта').fill('not-an-email');
    await expect(field(page, 'Е-пошта')).toHaveAccessibleDescription('Е-пошта має бути дійсною');
    await passwordField(page, 'Пароль').fill('short');
    await expect(passwordField(page, 'Пароль')).toHaveAccessibleDescription(
      'Пароль має містити щонайменше 8 символів',
    );
    await field(page, 'Ім’я').fill('Марта');
    await field(page, 'Прізвище').fill('Нова');
    await expect(field(page, 'Ім’я')).toHaveAccessibleDescription('');
    await field(page, 'Е-пошта').fill(existing.email);
    await passwordField(page, 'Пароль').fill(TEST_PASSWORD);
    await passwordField(page, 'Повторіть пароль').fill(`${TEST_PASSWORD}-other`);
    await expect(passwordField(page, 'Повторіть пароль')).toHaveAccessibleDescription('Паролі не збігаються');
    await expect(passwordField(page, 'Пароль')).toHaveAccessibleDescription('');
    await passwordField(page, 'Повторіть пароль').fill(TEST_PASSWORD);
    await expect(passwordField(page, 'Повторіть пароль')).toHaveAccessibleDescription('');

    // Valid for the form, but the e-mail belongs to someone: the server's 422 lands under the field.
    await save.click();
    await expect(field(page, 'Е-пошта')).toHaveAccessibleDescription('Ця е-пошта вже зайнята');
    const failed = notice(page, 'Не вдалося зберегти зміни');
    await expect(failed).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/users\/create$/);
    // Notices show one at a time: closing this one lets the next appear at once.
    await failed.getByRole('button').click();
    await expect(failed).toBeHidden();

    await field(page, 'Е-пошта').fill(email);
    await expect(field(page, 'Е-пошта')).toHaveAccessibleDescription('');
    await save.click();
    await expect(notice(page, 'Зміни збережено')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/users$/);

    const table = await openListOf(page, email);
    await expect(await columnCells(table, 'Ім’я')).toHaveText(['Марта']);
    await expect(await columnCells(table, 'Статус')).toHaveText(['Активний']);
    const saved = await api.listUsers({ 'filter[email]': email });
    expect(saved.items).toHaveLength(1);
  });

  test('editing a user from the row action saves the new name', async ({ adminPage: page, api }) => {
    const user = await api.createUser({ first_name: 'Орест', last_name: 'Редагований' });
    const table = await openListOf(page, user.email);

    await table.getByRole('link', { name: `Редагувати Орест Редагований (${user.email})` }).click();
    await expect(page).toHaveURL(new RegExp(`/auth/users/edit\\?id=${user.id}$`));
    await expect(page.getByText(`Редагування · #${user.id}`)).toBeVisible();
    await expect(field(page, 'Е-пошта')).toHaveValue(user.email);
    // No password fields when editing.
    await expect(passwordField(page, 'Пароль')).toHaveCount(0);
    await expect(field(page, 'Ім’я')).toHaveValue('Орест');

    await field(page, 'Ім’я').fill('Остап');
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(notice(page, 'Зміни збережено')).toBeVisible();
    // Back to the list view the edit was opened from, its filter included.
    await expect(page).toHaveURL(
      new RegExp(`/auth/users\\?filter%5Bemail%5D=${encodeURIComponent(user.email)}$`),
    );
    const list = resourceTable(page, TITLE);
    await expect(await columnCells(list, 'Ім’я')).toHaveText(['Остап']);
    expect((await api.listUsers({ 'filter[email]': user.email })).items[0]?.first_name).toBe('Остап');
  });

  test('deleting asks first: cancel keeps the user, confirm marks them deleted', async ({
    adminPage: page,
    api,
  }) => {
    const user = await api.createUser({ first_name: 'Денис', last_name: 'Видаленко' });
    const table = await openListOf(page, user.email);
    const status = await columnCells(table, 'Статус');
    const name = `Денис Видаленко (${user.email})`;
    await expect(status).toHaveText(['Активний']);

    await table.getByRole('button', { name: `Видалити ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Видалити користувача?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(user.email);
    await dialog.getByRole('button', { name: 'Скасувати' }).click();
    await expect(dialog).toBeHidden();
    await expect(status).toHaveText(['Активний']);
    expect((await api.listUsers({ 'filter[email]': user.email })).items[0]?.status).toBe(1);

    await table.getByRole('button', { name: `Видалити ${name}` }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Видалити' }).click();
    await expect(dialog).toBeHidden();
    await expect(notice(page, 'Запис видалено')).toBeVisible();
    await expect(status).toHaveText(['Видалений']);
    // The row stays, without a delete action.
    await expect(table.getByRole('button', { name: `Видалити ${name}` })).toHaveCount(0);
    await expect(table.getByRole('link', { name: `Редагувати ${name}` })).toBeVisible();
    expect((await api.listUsers({ 'filter[email]': user.email })).items[0]?.status).toBe(10);
  });

  test('the city list follows the chosen country', async ({ adminPage: page, api }) => {
    const ukraine = await api.countryId('Україна');
    const poland = await api.countryId('Польща');
    const ukrainianCities = (await api.cities(ukraine)).map((city) => city.label);
    const polishCities = (await api.cities(poland)).map((city) => city.label);
    expect(ukrainianCities).toContain('Львів');
    expect(polishCities).toContain('Краків');
    const email = uniqueEmail(uniqueTag('geo'));

    await page.goto('/auth/users/create');
    const country = page.getByRole('combobox', { name: 'Країна' });
    const city = page.getByRole('combobox', { name: 'Місто' });
    await expect(city).toBeDisabled();
    await expect(city).toHaveAccessibleDescription('Спершу оберіть «Країна»');

    await country.fill('Украї');
    await page.getByRole('option', { name: 'Україна', exact: true }).click();
    await expect(country).toHaveValue('Україна');
    await expect(city).toBeEnabled();
    await city.click();
    await expect(page.getByRole('option')).toHaveText(ukrainianCities);
    await page.getByRole('option', { name: 'Львів', exact: true }).click();
    await expect(city).toHaveValue('Львів');

    // Another country empties the city and offers that country's cities only.
    await country.fill('Польщ');
    await page.getByRole('option', { name: 'Польща', exact: true }).click();
    await expect(country).toHaveValue('Польща');
    await expect(city).toHaveValue('');
    await city.click();
    await expect(page.getByRole('option')).toHaveText(polishCities);
    await page.getByRole('option', { name: 'Краків', exact: true }).click();
    await expect(city).toHaveValue('Краків');

    await field(page, 'Е-пошта').fill(email);
    await passwordField(page, 'Пароль').fill(TEST_PASSWORD);
    await passwordField(page, 'Повторіть пароль').fill(TEST_PASSWORD);
    await field(page, 'Ім’я').fill('Гео');
    await field(page, 'Прізвище').fill('Тест');
    await page.getByRole('button', { name: 'Зберегти' }).click();
    await expect(notice(page, 'Зміни збережено')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/users$/);

    const table = await openListOf(page, email);
    await expect(await columnCells(table, 'Країна')).toHaveText(['Польща']);
    await expect(await columnCells(table, 'Місто')).toHaveText(['Краків']);
  });
});

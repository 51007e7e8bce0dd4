import type { AdminApi, ListBody } from '../support/admin-api.js';
import { uniqueTag } from '../support/admin-api.js';
import { columnCells, expectSettled, expectUrlParams, listUrl, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** Countries and cities (`/auth/countries`, `/auth/cities`): tables with create/edit dialogs. */
const REQUIRED = "Це поле обов'язкове";

/** A two-letter code no country has yet: user-assigned ISO codes first. */
async function freeCountryCode(api: AdminApi): Promise<string> {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const candidates = [...letters].flatMap((second) => ['X', 'Q'].map((first) => `${first}${second}`));
  // Shuffled, so a second run on the same server is unlikely to try the same code first.
  candidates.sort(() => Math.random() - 0.5);
  for (const code of candidates) {
    const found = await api.ok<ListBody<{ code: string }>>(
      'GET',
      `/auth/admin/countries?${new URLSearchParams({ 'filter[code]': code })}`,
    );
    if (!found.items.some((country) => country.code === code)) return code;
  }
  throw new Error('No free country code');
}

test.describe('countries', () => {
  test('the list filters by name and by code', async ({ adminPage: page }) => {
    await page.goto('/auth/countries');
    const table = resourceTable(page, 'Країни');
    await expectSettled(table);
    const codes = await columnCells(table, 'Код ISO');
    const namesUk = await columnCells(table, 'Назва (укр.)');

    await page.getByRole('textbox', { name: 'Фільтр: Назва (укр.)' }).fill('Украї');
    await expectUrlParams(page, { 'filter[name_uk]': 'Украї' });
    await expectSettled(table);
    await expect(codes).toHaveText(['UA']);
    await expect(namesUk).toHaveText(['Україна']);

    await page.getByRole('textbox', { name: 'Фільтр: Назва (укр.)' }).fill('');
    await page.getByRole('textbox', { name: 'Фільтр: Код ISO' }).fill('gb');
    await expectUrlParams(page, { 'filter[name_uk]': null, 'filter[code]': 'gb' });
    await expectSettled(table);
    await expect(codes).toHaveText(['GB']);
    await expect(namesUk).toHaveText(['Велика Британія']);
    await expect(await columnCells(table, 'Назва (англ.)')).toHaveText(['United Kingdom']);
  });

  test('a country is created in the dialog; a taken code is refused under the field', async ({
    adminPage: page,
    api,
  }) => {
    const code = await freeCountryCode(api);
    const tag = uniqueTag('c');
    await page.goto('/auth/countries');
    await page.getByRole('button', { name: 'Нова країна' }).click();
    const dialog = page.getByRole('dialog', { name: 'Нова країна' });
    const codeField = dialog.getByRole('textbox', { name: 'Код ISO' });
    const save = dialog.getByRole('button', { name: 'Зберегти' });

    await save.click();
    await expect(codeField).toHaveAccessibleDescription(REQUIRED);
    await expect(dialog.getByRole('textbox', { name: 'Назва (укр.)' })).toHaveAccessibleDescription(REQUIRED);
    await codeField.fill('U1');
    await expect(codeField).toHaveAccessibleDescription('Дві великі латинські літери (ISO 3166-1 alpha-2)');

    // Lower case is accepted and sent upper-cased: "ua" is Ukraine's code.
    await codeField.fill('ua');
    await dialog.getByRole('textbox', { name: 'Назва (укр.)' }).fill(`Тестанія ${tag}`);
    await dialog.getByRole('textbox', { name: 'Назва (англ.)' }).fill(`Testania ${tag}`);
    await save.click();
    await expect(codeField).toHaveAccessibleDescription('Цей код уже зайнятий');
    await expect(dialog).toBeVisible();
    // The failure is announced although a dialog is open (not hidden from assistive technology), and
    // its close button works.
    const failed = page.getByRole('alert').filter({ hasText: 'Не вдалося зберегти зміни' });
    await expect(failed).toBeVisible();
    await failed.getByRole('button').click();
    await expect(failed).toBeHidden();

    await codeField.fill(code.toLowerCase());
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Зміни збережено' })).toBeVisible();

    await page.goto(listUrl('/auth/countries', { 'filter[code]': code }));
    const table = resourceTable(page, 'Країни');
    await expectSettled(table);
    await expect(await columnCells(table, 'Код ISO')).toHaveText([code]);
    await expect(await columnCells(table, 'Назва (укр.)')).toHaveText([`Тестанія ${tag}`]);
    await expect(await columnCells(table, 'Назва (англ.)')).toHaveText([`Testania ${tag}`]);
  });
});

test.describe('cities', () => {
  test('the country filter (a lookup select) keeps that country’s cities only', async ({
    adminPage: page,
    api,
  }) => {
    const poland = await api.countryId('Польща');
    const expected = await api.ok<ListBody<unknown>>(
      'GET',
      `/auth/admin/cities?${new URLSearchParams({ 'filter[country_id]': String(poland) })}`,
    );
    expect(expected.total).toBeGreaterThan(1);

    await page.goto('/auth/cities');
    const table = resourceTable(page, 'Міста');
    await expectSettled(table);
    const filter = page.getByRole('combobox', { name: 'Фільтр: Країна' });
    await filter.click();
    await page.getByRole('option', { name: 'Польща', exact: true }).click();
    await expectUrlParams(page, { 'filter[country_id]': String(poland) });
    await expect(filter).toHaveText('Польща');
    await expectSettled(table);
    await expect(await columnCells(table, 'Країна')).toHaveText(
      Array(Math.min(expected.total, 10)).fill('Польща'),
    );

    // A link with the filter shows the country's name, not its id.
    await page.reload();
    await expect(filter).toHaveText('Польща');
    await expect(await columnCells(table, 'Країна')).toHaveText(
      Array(Math.min(expected.total, 10)).fill('Польща'),
    );
  });

  test('a city is created for a country and renamed in the dialog', async ({ adminPage: page, api }) => {
    const czechia = await api.countryId('Чехія');
    const tag = uniqueTag('ct');
    await page.goto('/auth/cities');
    await page.getByRole('button', { name: 'Нове місто' }).click();
    const dialog = page.getByRole('dialog', { name: 'Нове місто' });
    const country = dialog.getByRole('combobox', { name: 'Країна' });
    await dialog.getByRole('button', { name: 'Зберегти' }).click();
    await expect(country).toHaveAccessibleDescription(REQUIRED);

    await country.fill('Чехі');
    await page.getByRole('option', { name: 'Чехія', exact: true }).click();
    await expect(country).toHaveValue('Чехія');
    await expect(country).toHaveAccessibleDescription('');
    await dialog.getByRole('textbox', { name: 'Назва (укр.)' }).fill(`Місто ${tag}`);
    await dialog.getByRole('textbox', { name: 'Назва (англ.)' }).fill(`Town ${tag}`);
    await dialog.getByRole('button', { name: 'Зберегти' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: 'Зміни збережено' })).toBeVisible();

    await page.goto(listUrl('/auth/cities', { 'filter[name_uk]': tag }));
    const table = resourceTable(page, 'Міста');
    await expectSettled(table);
    await expect(await columnCells(table, 'Назва (укр.)')).toHaveText([`Місто ${tag}`]);
    await expect(await columnCells(table, 'Країна')).toHaveText(['Чехія']);
    expect((await api.cities(czechia)).map((city) => city.label)).toContain(`Місто ${tag}`);

    await table.getByRole('button', { name: `Редагувати Місто ${tag}` }).click();
    const edit = page.getByRole('dialog', { name: `Редагування міста «Місто ${tag}»` });
    await expect(edit.getByRole('combobox', { name: 'Країна' })).toHaveValue('Чехія');
    await edit.getByRole('textbox', { name: 'Назва (укр.)' }).fill(`Місто ${tag} нове`);
    await edit.getByRole('button', { name: 'Зберегти' }).click();
    await expect(edit).toBeHidden();
    await expect(await columnCells(table, 'Назва (укр.)')).toHaveText([`Місто ${tag} нове`]);
  });
});

import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type AdminApi, type ListBody, uniqueTag } from '../support/admin-api.js';
import { columnCells, expectSettled, listUrl, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/**
 * Language and time (issue 12 §4): dates in the UI language's form whatever the browser's locale,
 * the per-administrator choice of UTC or the browser's zone, names in the reader's alphabet, and
 * the profile naming its language.
 */

// A browser in neither panel language: what the panel shows must come from its own language.
test.use({ locale: 'de-DE', timezoneId: 'Europe/Kyiv' });

const USERS = 'Користувачі';
const UK_DATE_TIME = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2} UTC$/;
const EN_DATE_TIME = /^\d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} (AM|PM) UTC$/;

async function switchLanguage(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: from, exact: true }).click();
  await page.getByRole('menuitem', { name: to }).click();
}

/** The instant as the panel writes it in Ukrainian in a zone, without the zone's name. */
function ukrainianTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const day = new Intl.DateTimeFormat('uk-UA', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  });
  const time = new Intl.DateTimeFormat('uk-UA', { hour: '2-digit', minute: '2-digit', timeZone });
  return `${day.format(date)} ${time.format(date)}`;
}

test.describe('language and time', () => {
  test('dates on a list and in the date filter follow the UI language, not the browser', async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('lt');
    await api.createUser({ email: `${tag}@e2e.test`, birthday: '1971-02-10' });
    await page.goto(
      listUrl('/auth/users', { 'filter[email]': tag, 'filter[birthday]': '1971-01-01,1971-12-31' }),
    );
    const table = resourceTable(page, USERS);
    await expectSettled(table);
    await expect(await columnCells(table, 'Дата народження')).toHaveText(['10.02.1971']);
    await expect(await columnCells(table, 'Створено')).toHaveText([UK_DATE_TIME]);

    await page.getByRole('button', { name: 'Вибрати дати: Дата народження' }).click();
    const picker = page.getByRole('form', { name: 'Вибрати дати: Дата народження' });
    await expect(picker.getByLabel('Від', { exact: true })).toHaveValue('01.01.1971');
    await expect(picker.getByLabel('До', { exact: true })).toHaveValue('31.12.1971');
    await expect(picker.getByLabel('Від', { exact: true })).toHaveAttribute('placeholder', 'ДД.ММ.РРРР');
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();

    await switchLanguage(page, 'Мова', 'English');
    const english = resourceTable(page, 'Users');
    await expectSettled(english);
    await expect(await columnCells(english, 'Birthday')).toHaveText(['02/10/1971']);
    await expect(await columnCells(english, 'Created')).toHaveText([EN_DATE_TIME]);
    await page.getByRole('button', { name: 'Choose dates: Birthday' }).click();
    const englishPicker = page.getByRole('form', { name: 'Choose dates: Birthday' });
    await expect(englishPicker.getByLabel('From', { exact: true })).toHaveValue('01/01/1971');
    // A day typed in the other language's order is not a day here: said, and not applied.
    await englishPicker.getByLabel('To', { exact: true }).fill('31/12/1971');
    await englishPicker.getByRole('button', { name: 'Apply' }).click();
    await expect(englishPicker.getByText('Format: MM/DD/YYYY')).toBeVisible();
    await englishPicker.getByLabel('To', { exact: true }).fill('6/30/1971');
    await englishPicker.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(
      /filter%5Bbirthday%5D=1971-01-01%2C1971-06-30|filter\[birthday\]=1971-01-01,1971-06-30/,
    );
    await switchLanguage(page, 'Language', 'Українська');
  });

  test("the time setting shows times in UTC or the browser's zone, named, and the date filter says its zone", async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('tz');
    const user = await api.createUser({ email: `${tag}@e2e.test` });
    const created = String((user as { created_at?: unknown }).created_at);
    await page.goto(listUrl('/auth/users', { 'filter[email]': tag }));
    const table = resourceTable(page, USERS);
    await expectSettled(table);
    const cells = await columnCells(table, 'Створено');
    await expect(cells).toHaveText([`${ukrainianTime(created, 'UTC')} UTC`]);

    await page.getByRole('button', { name: /^Профіль/ }).click();
    const utc = page.getByRole('menuitemradio', { name: /^UTC/ });
    const local = page.getByRole('menuitemradio', { name: /^Europe\/Kyiv \(UTC\+0[23]:00\)/ });
    await expect(page.getByText('Показувати час')).toBeVisible();
    await expect(utc).toHaveAttribute('aria-checked', 'true');
    await expect(local).toHaveAttribute('aria-checked', 'false');
    // The menu with its radio items passes axe (WCAG 2.1 A/AA): nothing serious or critical.
    const axe = await new AxeBuilder({ page })
      .include('[role="menu"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(
      axe.violations
        .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
        .map((v) => v.id),
    ).toEqual([]);
    await local.click();
    await expect(cells).toHaveText([new RegExp(`^${ukrainianTime(created, 'Europe/Kyiv')} GMT\\+[23]$`)]);

    // The filter's days stay UTC days, and the picker says so beside the zone the table uses.
    await page.getByRole('button', { name: 'Вибрати дати: Створено' }).click();
    const picker = page.getByRole('form', { name: 'Вибрати дати: Створено' });
    await expect(picker).toContainText('Дні — за UTC (від 00:00 до 24:00 UTC)');
    await expect(picker).toContainText(/час у таблиці показано за Europe\/Kyiv \(UTC\+0[23]:00\)/);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('textbox', { name: 'Фільтр: Створено' })).toHaveAttribute(
      'placeholder',
      'РРРР-ММ-ДД, UTC',
    );

    // Remembered for this administrator across a reload, and switched back.
    await page.reload();
    await expectSettled(table);
    await expect(cells).toHaveText([new RegExp(`^${ukrainianTime(created, 'Europe/Kyiv')} GMT\\+[23]$`)]);
    await page.getByRole('button', { name: /^Профіль/ }).click();
    await expect(local).toHaveAttribute('aria-checked', 'true');
    await utc.click();
    await expect(cells).toHaveText([`${ukrainianTime(created, 'UTC')} UTC`]);
  });

  test("a form's date field takes and shows the day in the UI language and refuses one that is not real", async ({
    adminPage: page,
    api,
  }) => {
    const user = await api.createUser({ email: `${uniqueTag('fd')}@e2e.test`, birthday: '1971-02-10' });
    await page.goto(`/auth/users/edit?id=${user.id}`);
    const birthday = page.getByRole('textbox', { name: 'Дата народження' });
    await expect(birthday).toHaveValue('10.02.1971');

    await birthday.fill('30.02.1971');
    await birthday.press('Tab');
    await expect(birthday).toHaveAttribute('aria-invalid', 'true');
    await expect(birthday).toHaveAccessibleDescription(
      'Введіть справжню дату у форматі ДД.ММ.РРРР, напр. 23.11.2026',
    );
    // An ISO day is not the Ukrainian form, but it cannot be misread: taken and rewritten.
    await birthday.fill('1972-03-05');
    await birthday.press('Tab');
    await expect(birthday).toHaveValue('05.03.1972');
    await expect(birthday).not.toHaveAttribute('aria-invalid', 'true');

    await switchLanguage(page, 'Мова', 'English');
    const englishBirthday = page.getByRole('textbox', { name: 'Birthday' });
    await expect(englishBirthday).toHaveValue('03/05/1972');
    await englishBirthday.fill('13/05/1972');
    await englishBirthday.press('Tab');
    await expect(englishBirthday).toHaveAccessibleDescription(
      'Enter a real date as MM/DD/YYYY, e.g. 11/23/2026',
    );
    await englishBirthday.fill('3/6/1972');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/\/auth\/users$/);
    const saved = await api.ok<{ birthday: string | null }>('GET', `/auth/admin/users/${user.id}`);
    expect(saved.birthday).toBe('1972-03-06');
    await switchLanguage(page, 'Language', 'Українська');
  });

  test("countries sort by the name in the reader's language by default, in the list and in the country filter", async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('ab');
    // In Ukrainian alphabet order; created shuffled, so neither the id nor byte order gives it.
    const names = ['Гаїті', 'Ґрінландія', 'Ерітрея', 'Єменія', 'Иранія', 'Ісландія', 'Їжакія'];
    for (const index of [5, 1, 6, 0, 3, 2, 4]) {
      await api.ok('POST', '/auth/admin/countries', {
        code: await freeCountryCode(api),
        name_uk: `${names[index]} ${tag}`,
        name_en: `Alphabet ${tag} ${index}`,
      });
    }
    // No sort in the URL: the list's default, the name in the reader's language.
    await page.goto(listUrl('/auth/countries', { 'filter[name_en]': tag }));
    const table = resourceTable(page, 'Країни');
    await expectSettled(table);
    await expect(await columnCells(table, 'Назва (укр.)')).toHaveText(names.map((name) => `${name} ${tag}`));
    const ukHeader = table.getByRole('columnheader', { name: 'Назва (укр.)', exact: true });
    await expect(ukHeader).toHaveAttribute('aria-sort', 'ascending');

    await switchLanguage(page, 'Мова', 'English');
    const enTable = resourceTable(page, 'Countries');
    await expect(enTable.getByRole('columnheader', { name: 'Name (English)', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expectSettled(enTable);
    await expect(await columnCells(enTable, 'Name (English)')).toHaveText(
      names.map((_name, index) => `Alphabet ${tag} ${index}`),
    );
    await switchLanguage(page, 'Language', 'Українська');

    // A sort the URL names wins over the default.
    await page.goto(listUrl('/auth/countries', { 'filter[name_en]': tag, sort: '-code' }));
    await expectSettled(table);
    await expect(ukHeader).not.toHaveAttribute('aria-sort', /./);
    await page.goto(listUrl('/auth/countries', { 'filter[name_en]': tag, sort: 'name_uk' }));
    await expectSettled(table);
    await expect(await columnCells(table, 'Назва (укр.)')).toHaveText(names.map((name) => `${name} ${tag}`));

    await page.goto('/auth/users');
    await page.getByRole('combobox', { name: 'Фільтр: Країна' }).click();
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: tag })).toHaveCount(names.length);
    const labels = (await options.allTextContents()).filter((label) => label !== 'Усі');
    expect(labels).toEqual([...labels].sort(new Intl.Collator('uk-UA').compare));
    expect(labels.filter((label) => label.includes(tag))).toEqual(names.map((name) => `${name} ${tag}`));
    await page.keyboard.press('Escape');
  });

  test("the profile shows the language's name, not its code", async ({ adminPage: page }) => {
    await page.goto('/profile');
    const language = page.locator('dt', { hasText: 'Мова' }).locator('xpath=following-sibling::dd[1]');
    await expect(language).toHaveText('Українська');
  });
});

/** A two-letter code no country has yet: user-assigned ISO codes (X?, Q?) first. */
async function freeCountryCode(api: AdminApi): Promise<string> {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const candidates = [...letters].flatMap((second) => ['X', 'Q', 'Z'].map((first) => `${first}${second}`));
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

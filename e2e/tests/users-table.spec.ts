import { uniqueTag } from '../support/admin-api.js';
import {
  bodyRows,
  columnCells,
  expectSettled,
  expectUrlParams,
  listUrl,
  resourceTable,
  urlParams,
} from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/** The users list (`/auth/users`): the generic ResourceTable against the real API (spec §4, §5, §9). */
const TITLE = 'Користувачі';
const DATE_FORMAT_UK = 'Формат: РРРР-ММ-ДД або РРРР-ММ-ДД,РРРР-ММ-ДД';

test.describe('users table', () => {
  test('a text filter keeps the matching rows, goes into the URL and returns to page 1', async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('tf');
    const names = [
      ['Аліна', 'Квітка'],
      ['Аліна', 'Лісова'],
      ['Борис', 'Квітка'],
    ] as const;
    for (const [index, [first_name, last_name]] of names.entries()) {
      await api.createUser({ email: `${tag}.${index + 1}@e2e.test`, first_name, last_name });
    }
    // A part from the middle of the address: the filter is "contains".
    const part = tag.slice(2);

    await page.goto('/auth/users?page=3');
    const table = resourceTable(page, TITLE);
    await expect(page.getByRole('button', { name: 'Сторінка 3', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('textbox', { name: 'Фільтр: Е-пошта' }).fill(part);
    await expectUrlParams(page, { 'filter[email]': part, page: null });
    await expect(page.getByRole('button', { name: 'Сторінка 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expectSettled(table);
    const emails = await columnCells(table, 'Е-пошта');
    await expect(emails).toHaveText(Array(3).fill(new RegExp(`^${tag}\\.[123]@e2e\\.test$`)));
    await expect(page.getByText('1–3 з 3')).toBeVisible();

    // Two filters typed one right after the other: both debounced changes land, neither undoes the other.
    await page.getByRole('textbox', { name: 'Фільтр: Ім’я', exact: true }).fill('Аліна');
    await page.getByRole('textbox', { name: 'Фільтр: Прізвище' }).fill('Квітка');
    await expectUrlParams(page, {
      'filter[email]': part,
      'filter[first_name]': 'Аліна',
      'filter[last_name]': 'Квітка',
    });
    await expectSettled(table);
    await expect(emails).toHaveText([`${tag}.1@e2e.test`]);
  });

  test('a select filter shows only rows with that status label', async ({ adminPage: page, api }) => {
    await api.createUser({ status: 2 });
    const locked = await api.listUsers({ 'filter[status]': '2' });
    expect(locked.total).toBeGreaterThan(0);

    await page.goto('/auth/users');
    const table = resourceTable(page, TITLE);
    const statusFilter = page.getByRole('combobox', { name: 'Фільтр: Статус' });
    await statusFilter.click();
    await page.getByRole('option', { name: 'Заблокований' }).click();
    await expectUrlParams(page, { 'filter[status]': '2' });
    await expect(statusFilter).toHaveText('Заблокований');
    await expectSettled(table);
    const statuses = await columnCells(table, 'Статус');
    await expect(statuses).toHaveText(Array(Math.min(locked.total, 10)).fill('Заблокований'));
    await expect(page.getByText(`1–${Math.min(locked.total, 10)} з ${locked.total}`)).toBeVisible();

    await statusFilter.click();
    await page.getByRole('option', { name: 'Усі' }).click();
    await expectUrlParams(page, { 'filter[status]': null });
    await expectSettled(table);
    await expect(bodyRows(table)).toHaveCount(10);
  });

  test('a date filter refuses a bad value and applies a typed or picked range', async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('df');
    await api.createUser({ email: `${tag}.a@e2e.test`, birthday: '1971-02-10' });
    await api.createUser({ email: `${tag}.b@e2e.test`, birthday: '1971-11-30' });
    await api.createUser({ email: `${tag}.c@e2e.test`, birthday: '1972-05-05' });

    await page.goto(listUrl('/auth/users', { sort: 'email', 'filter[email]': tag }));
    const table = resourceTable(page, TITLE);
    const emails = await columnCells(table, 'Е-пошта');
    await expect(emails).toHaveText([`${tag}.a@e2e.test`, `${tag}.b@e2e.test`, `${tag}.c@e2e.test`]);

    const birthday = page.getByRole('textbox', { name: 'Фільтр: Дата народження' });
    await birthday.fill('1971-13-01');
    await expect(page.getByText(DATE_FORMAT_UK)).toBeVisible();
    await expect(birthday).toHaveAttribute('aria-invalid', 'true');
    // The message appears once the debounce has run: the bad value was not applied.
    expect(urlParams(page, ['filter[birthday]'])).toEqual({ 'filter[birthday]': null });
    await expect(emails).toHaveCount(3);

    await birthday.fill('1971-01-01,1971-12-31');
    await expectUrlParams(page, {
      'filter[birthday]': '1971-01-01,1971-12-31',
      'filter[email]': tag,
      sort: 'email',
    });
    await expect(page.getByText(DATE_FORMAT_UK)).toHaveCount(0);
    await expectSettled(table);
    await expect(emails).toHaveText([`${tag}.a@e2e.test`, `${tag}.b@e2e.test`]);

    // The range picker opens with the current range in the UI language's form and emits `from,to`.
    await page.getByRole('button', { name: 'Вибрати дати: Дата народження' }).click();
    const picker = page.getByRole('form', { name: 'Вибрати дати: Дата народження' });
    const from = picker.getByLabel('Від', { exact: true });
    const to = picker.getByLabel('До', { exact: true });
    await expect(from).toHaveValue('01.01.1971');
    await expect(to).toHaveValue('31.12.1971');
    await to.fill('31.12.1972');
    await from.fill('01.06.1971');
    await picker.getByRole('button', { name: 'Застосувати' }).click();
    await expect(picker).toBeHidden();
    await expectUrlParams(page, { 'filter[birthday]': '1971-06-01,1972-12-31' });
    await expect(birthday).toHaveValue('1971-06-01,1972-12-31');
    await expectSettled(table);
    await expect(emails).toHaveText([`${tag}.b@e2e.test`, `${tag}.c@e2e.test`]);

    // "Clear" in the picker removes the filter.
    await page.getByRole('button', { name: 'Вибрати дати: Дата народження' }).click();
    await picker.getByRole('button', { name: 'Очистити' }).click();
    await expectUrlParams(page, { 'filter[birthday]': null, 'filter[email]': tag });
    await expect(birthday).toHaveValue('');
    await expect(emails).toHaveCount(3);
  });

  test('clicking a header sorts by it and toggles ascending and descending', async ({
    adminPage: page,
    api,
  }) => {
    const emailsSortedBy = async (sort: string) =>
      (await api.listUsers({ sort, perPage: '10' })).items.map((user) => user.email);

    await page.goto('/auth/users');
    const table = resourceTable(page, TITLE);
    const createdHeader = table.getByRole('columnheader', { name: 'Створено', exact: true });
    const emailHeader = table.getByRole('columnheader', { name: 'Е-пошта', exact: true });
    const emails = await columnCells(table, 'Е-пошта');
    // The default sort (-created_at) is shown without a `sort` parameter.
    await expect(createdHeader).toHaveAttribute('aria-sort', 'descending');
    await expect(emailHeader).not.toHaveAttribute('aria-sort');
    expect(urlParams(page, ['sort'])).toEqual({ sort: null });

    await emailHeader.getByRole('button', { name: 'Е-пошта' }).click();
    await expectUrlParams(page, { sort: 'email' });
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(createdHeader).not.toHaveAttribute('aria-sort');
    await expectSettled(table);
    await expect(emails).toHaveText(await emailsSortedBy('email'));

    await emailHeader.getByRole('button', { name: 'Е-пошта' }).click();
    await expectUrlParams(page, { sort: '-email' });
    await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
    await expectSettled(table);
    await expect(emails).toHaveText(await emailsSortedBy('-email'));

    await emailHeader.getByRole('button', { name: 'Е-пошта' }).click();
    await expectUrlParams(page, { sort: 'email' });
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');

    // Another column starts ascending; its second click is the default again, so `sort` leaves the URL.
    await createdHeader.getByRole('button', { name: 'Створено' }).click();
    await expectUrlParams(page, { sort: 'created_at' });
    await expect(createdHeader).toHaveAttribute('aria-sort', 'ascending');
    await expectSettled(table);
    await expect(emails).toHaveText(await emailsSortedBy('created_at'));
    await createdHeader.getByRole('button', { name: 'Створено' }).click();
    await expectUrlParams(page, { sort: null });
    await expect(createdHeader).toHaveAttribute('aria-sort', 'descending');
  });

  test('pagination buttons move between pages and keep the page in the URL', async ({
    adminPage: page,
    api,
  }) => {
    const first = await api.listUsers({});
    const { total, pageCount } = first;
    expect(pageCount).toBeGreaterThan(10);
    const idsOf = async (pageNumber: number) =>
      (await api.listUsers({ page: String(pageNumber) })).items.map((user) => String(user.id));

    await page.goto('/auth/users');
    const table = resourceTable(page, TITLE);
    const nav = page.getByRole('navigation', { name: 'Сторінки таблиці' });
    const ids = await columnCells(table, 'ID');
    await expect(ids).toHaveText(first.items.map((user) => String(user.id)));
    await expect(page.getByText(`1–10 з ${total}`)).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Перша сторінка' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: 'Попередня сторінка' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: `Сторінка ${pageCount}`, exact: true })).toBeVisible();

    // While page 2 loads, page 1 stays on screen (dimmed, the table busy).
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/auth\/admin\/users\?(.*&)?page=2(&|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await nav.getByRole('button', { name: 'Наступна сторінка' }).click();
    await expectUrlParams(page, { page: '2' });
    await expect(table).toHaveAttribute('aria-busy', 'true');
    await expect(ids.first()).toHaveText(String(first.items[0]?.id));
    release();
    await expectSettled(table);
    await expect(ids).toHaveText(await idsOf(2));
    await expect(nav.getByRole('button', { name: 'Сторінка 2', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(page.getByText(`11–20 з ${total}`)).toBeVisible();
    await page.unroute(/\/auth\/admin\/users\?(.*&)?page=2(&|$)/);

    await nav.getByRole('button', { name: 'Остання сторінка' }).click();
    await expectUrlParams(page, { page: String(pageCount) });
    await expectSettled(table);
    await expect(ids).toHaveText(await idsOf(pageCount));
    await expect(page.getByText(`${(pageCount - 1) * 10 + 1}–${total} з ${total}`)).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Наступна сторінка' })).toBeDisabled();
    await expect(nav.getByRole('button', { name: 'Остання сторінка' })).toBeDisabled();

    await nav.getByRole('button', { name: 'Перша сторінка' }).click();
    await expectUrlParams(page, { page: null });
    await nav.getByRole('button', { name: 'Сторінка 4', exact: true }).click();
    await expectUrlParams(page, { page: '4' });
    await expect(nav.getByRole('button', { name: 'Сторінка 4', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await nav.getByRole('button', { name: 'Попередня сторінка' }).click();
    await expectUrlParams(page, { page: '3' });
    await expectSettled(table);
    await expect(ids).toHaveText(await idsOf(3));
  });

  test('changing the page size returns to page 1 with that many rows', async ({ adminPage: page, api }) => {
    const { total } = await api.listUsers({});
    await page.goto('/auth/users?page=3');
    const table = resourceTable(page, TITLE);
    const rows = bodyRows(table);
    const size = page.getByRole('combobox', { name: 'Рядків на сторінці:' });
    await expect(page.getByText(`21–30 з ${total}`)).toBeVisible();

    await size.click();
    await expect(page.getByRole('option')).toHaveText(['5', '10', '20', '50', '100']);
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expectUrlParams(page, { perPage: '5', page: null });
    await expectSettled(table);
    await expect(rows).toHaveCount(5);
    await expect(page.getByText(`1–5 з ${total}`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Сторінка 1', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await page.getByRole('button', { name: 'Сторінка 2', exact: true }).click();
    await expectUrlParams(page, { perPage: '5', page: '2' });
    await size.click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await expectUrlParams(page, { perPage: '50', page: null });
    await expectSettled(table);
    await expect(rows).toHaveCount(50);
    await expect(size).toHaveText('50');
  });

  test('a URL with page, size, sort and filter opens exactly that state, across reload and Back', async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('url');
    const email = (n: number) => `${tag}.${String(n).padStart(2, '0')}@e2e.test`;
    for (let n = 1; n <= 12; n += 1) await api.createUser({ email: email(n) });

    await page.goto(
      listUrl('/auth/users', { page: '2', perPage: '5', sort: '-email', 'filter[email]': tag }),
    );
    const table = resourceTable(page, TITLE);
    const emails = await columnCells(table, 'Е-пошта');
    const emailHeader = table.getByRole('columnheader', { name: 'Е-пошта', exact: true });
    const expectPageTwo = async () => {
      await expectSettled(table);
      await expect(emails).toHaveText([7, 6, 5, 4, 3].map(email));
      await expect(page.getByRole('textbox', { name: 'Фільтр: Е-пошта' })).toHaveValue(tag);
      await expect(emailHeader).toHaveAttribute('aria-sort', 'descending');
      await expect(page.getByRole('button', { name: 'Сторінка 2', exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await expect(page.getByRole('combobox', { name: 'Рядків на сторінці:' })).toHaveText('5');
      await expect(page.getByText('6–10 з 12')).toBeVisible();
    };
    await expectPageTwo();
    await page.reload();
    await expectPageTwo();
    await expectUrlParams(page, { page: '2', perPage: '5', sort: '-email', 'filter[email]': tag });

    await page.getByRole('button', { name: 'Наступна сторінка' }).click();
    await expectUrlParams(page, { page: '3' });
    await expectSettled(table);
    await expect(emails).toHaveText([2, 1].map(email));
    await page.goBack();
    await expectUrlParams(page, { page: '2', perPage: '5', sort: '-email', 'filter[email]': tag });
    await expectPageTwo();

    await emailHeader.getByRole('button', { name: 'Е-пошта' }).click();
    await expectUrlParams(page, { sort: 'email', page: '2' });
    await expectSettled(table);
    await expect(emails).toHaveText([6, 7, 8, 9, 10].map(email));
    await page.goBack();
    await expectUrlParams(page, { sort: '-email', page: '2' });
    await expectPageTwo();
  });

  test('a filter that matches nothing shows the empty state, and clearing filters brings rows back', async ({
    adminPage: page,
  }) => {
    await page.goto('/auth/users');
    const table = resourceTable(page, TITLE);
    await expect(bodyRows(table)).toHaveCount(10);
    const nothing = `nobody-${uniqueTag()}`;
    await page.getByRole('textbox', { name: 'Фільтр: Е-пошта' }).fill(nothing);
    await expectUrlParams(page, { 'filter[email]': nothing });
    // The state sits under the table, not in a row, so it stays in view however wide the table scrolls.
    await expect(page.getByText('Немає записів, що відповідають умовам')).toBeVisible();
    await expect(bodyRows(table)).toHaveCount(0);
    await expect(page.getByText('0–0 з 0')).toBeVisible();

    await page.getByRole('main').getByRole('button', { name: 'Скинути фільтри' }).last().click();
    await expectUrlParams(page, { 'filter[email]': null });
    await expect(page.getByRole('textbox', { name: 'Фільтр: Е-пошта' })).toHaveValue('');
    await expectSettled(table);
    await expect(bodyRows(table)).toHaveCount(10);
    await expect(page.getByText('Немає записів, що відповідають умовам')).toHaveCount(0);
  });

  test('in English the table, its filters and messages are English', async ({ adminPage: page, api }) => {
    await page.addInitScript(() => window.localStorage.setItem('language_locale', 'en-US'));
    const tag = uniqueTag('en');
    await api.createUser({ email: `${tag}@e2e.test`, status: 10 });

    await page.goto('/auth/users');
    await expect(page.getByRole('heading', { name: 'Users' })).toBeVisible();
    const table = resourceTable(page, 'Users');
    await expect(table.getByRole('columnheader', { name: 'E-mail', exact: true })).toBeVisible();
    await expect(page.getByText('Rows per page:')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();

    const birthday = page.getByRole('textbox', { name: 'Filter: Birthday' });
    await birthday.fill('31.12.1999');
    await expect(page.getByText('Format: YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD')).toBeVisible();
    await birthday.fill('');
    await expect(page.getByText('Format: YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD')).toHaveCount(0);

    await page.getByRole('textbox', { name: 'Filter: E-mail' }).fill(tag);
    await expectUrlParams(page, { 'filter[email]': tag });
    await expectSettled(table);
    await expect(await columnCells(table, 'Status')).toHaveText(['Deleted']);

    await page.getByRole('combobox', { name: 'Filter: Status' }).click();
    await page.getByRole('option', { name: 'Active', exact: true }).click();
    await expect(page.getByText('No records match')).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Clear filters' }).last()).toBeVisible();
  });
});

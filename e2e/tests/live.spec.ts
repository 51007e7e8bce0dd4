import type { Page } from '@playwright/test';
import { type PersonRecord, TEST_PASSWORD, uniqueEmail, uniqueTag } from '../support/admin-api.js';
import { signInThroughForm } from '../support/fixtures.js';
import { emilyCarter, useLocale } from '../support/second-admin.js';
import { expectSettled, listUrl, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/**
 * Live changes (issue 22): another administrator's changes reach an open panel without a reload. On
 * the users list and form the other administrator is Emily Carter, signed in in a browser context of
 * her own, saving through her panel; elsewhere the change is made through the API (signed in apart,
 * as a platform client would write). Either way it goes through the server's change feed and the
 * panel's event stream.
 */
const TEXTS = {
  'uk-UA': {
    changedBy: /Запис змінив (адміністратор .+|інший адміністратор) о \d\d:\d\d/,
    changedByEmily: /Запис змінив адміністратор Emily Carter о \d\d:\d\d/,
    listChanged: 'Список змінився — показати',
    newAny: /^Нові записи: (\d+) — показати$/,
    firstName: 'Ім’я',
    save: 'Зберегти',
    users: 'Користувачі',
    reload: 'Перезавантажити',
    phone: 'Телефон',
    deletedBy: /Запис видалив (адміністратор .+|інший адміністратор) о \d\d:\d\d/,
    settings: 'Налаштування',
    editSetting: (key: string) => `Редагувати ${key}`,
    settingDialog: (key: string) => `Редагування «${key}»`,
    value: 'Значення',
    deleteRow: (name: string) => `Видалити ${name}`,
    delete: 'Видалити',
    notDeleted: 'Хтось інший змінив цей запис після того, як ви його побачили, тож його не видалено.',
  },
  'en-US': {
    changedBy: /Changed by .+ at \d\d:\d\d/,
    changedByEmily: /Changed by Emily Carter at \d\d:\d\d/,
    listChanged: 'This list has changed — show',
    newAny: /^(\d+) new — show$/,
    firstName: 'First name',
    save: 'Save',
    users: 'Users',
    reload: 'Reload',
    phone: 'Phone',
    deletedBy: /Deleted by .+ at \d\d:\d\d/,
    settings: 'Settings',
    editSetting: (key: string) => `Edit ${key}`,
    settingDialog: (key: string) => `Edit “${key}”`,
    value: 'Value',
    deleteRow: (name: string) => `Delete ${name}`,
    delete: 'Delete',
    notDeleted: 'Someone else changed this record after it was shown to you, so it was not deleted.',
  },
} as const;

/** The fields a user's `PUT` takes, from the record as `GET` answers it. */
const WRITABLE = [
  'email',
  'username',
  'first_name',
  'last_name',
  'phone',
  'country_id',
  'city_id',
  'gender',
  'birthday',
  'about_me',
  'language',
  'status',
  'groups',
] as const;

function writable(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(WRITABLE.filter((key) => key in record).map((key) => [key, record[key]]));
}

/** The panel's live changes stream answered (its headers; the body stays open). */
const waitForStream = (page: Page) =>
  page.waitForResponse((response) => response.url().includes('/admin/events') && response.ok());

const rowWith = (page: Page, text: string) => page.locator('tbody tr', { hasText: text }).first();

/** Marks the page's document: the mark is gone after any reload or full navigation. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { e2eNotReloaded?: true }).e2eNotReloaded = true;
  });
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { e2eNotReloaded?: true }).e2eNotReloaded === true);

for (const locale of ['uk-UA', 'en-US'] as const) {
  const text = TEXTS[locale];

  test(`another administrator's changes reach the users list and the open form without a reload (${locale})`, async ({
    adminPage: page,
    browser,
    pult,
    api,
  }) => {
    const tag = uniqueTag('live');
    const user = await api.createUser({ email: `${tag}.1@e2e.test`, first_name: 'Оксана' });
    const emily = await emilyCarter(browser, api, pult.url, locale);
    await useLocale(page, locale);
    // The stream opens with the shell; a change made before it is open would not be news to it.
    let streamOpen = waitForStream(page);
    await page.goto(listUrl('/auth/users', { 'filter[email]': tag }));
    await expect(rowWith(page, user.email)).toBeVisible();
    await streamOpen;
    await markDocument(page);

    // Emily renames the user in her panel: the row changes where it is, and is highlighted.
    await emily.goto(`/auth/users/edit?id=${user.id}`);
    await emily.getByRole('textbox', { name: text.firstName, exact: true }).fill('Соломія');
    await emily.getByRole('button', { name: text.save }).click();
    await expect(emily).toHaveURL(/\/auth\/users(\?|$)/);
    await expect(rowWith(page, user.email)).toContainText('Соломія');
    await expect(page.locator('tbody tr')).toHaveCount(1);

    // New records do not shift the list. This one is filtered, and whether a new record matches is
    // the server's to say, so the list only says it has changed, and shows them when asked.
    await api.createUser({ email: `${tag}.2@e2e.test` });
    await api.createUser({ email: `${tag}.3@e2e.test` });
    const changed = page.getByRole('button', { name: text.listChanged });
    await expect(changed).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath(`live-list-changed-${locale}.png`) });
    expect(await notReloaded(page)).toBe(true);
    await changed.click();
    await expect(page.locator('tbody tr')).toHaveCount(3);
    await expect(changed).toBeHidden();

    // Unfiltered, every new record belongs in the list: "N new". Other tests of this server may add
    // users meanwhile, so at least this test's two.
    streamOpen = waitForStream(page);
    await page.goto(listUrl('/auth/users', { sort: '-created_at' }));
    await expectSettled(resourceTable(page, text.users));
    await streamOpen;
    await api.createUser({ email: `${tag}.4@e2e.test` });
    await api.createUser({ email: `${tag}.5@e2e.test` });
    const show = page.getByRole('button', { name: text.newAny });
    const announced = async () => Number(text.newAny.exec((await show.textContent()) ?? '')?.[1] ?? 0);
    await expect.poll(announced).toBeGreaterThanOrEqual(2);
    await page.screenshot({ path: test.info().outputPath(`live-list-new-${locale}.png`) });
    await show.click();
    await expect(rowWith(page, `${tag}.5@e2e.test`)).toBeVisible();
    await expect(show).toBeHidden();

    // The open form: Emily saves the record in her panel, and the form says so before any save.
    streamOpen = waitForStream(page);
    await page.goto(`/auth/users/edit?id=${user.id}`);
    await streamOpen;
    const phone = page.getByRole('textbox', { name: text.phone });
    await expect(phone).toBeVisible();
    await markDocument(page);
    await emily.goto(`/auth/users/edit?id=${user.id}`);
    await emily.getByRole('textbox', { name: text.phone }).fill('+380441112233');
    await emily.getByRole('button', { name: text.save }).click();
    await expect(emily).toHaveURL(/\/auth\/users(\?|$)/);
    const banner = page.getByRole('status').filter({ hasText: text.changedByEmily });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`live-form-banner-${locale}.png`) });
    expect(await notReloaded(page)).toBe(true);
    await banner.getByRole('button', { name: text.reload }).click();
    await expect(phone).toHaveValue('+380441112233');
    await expect(banner).toBeHidden();
    await emily.context().close();
  });
}

for (const locale of ['uk-UA', 'en-US'] as const) {
  const text = TEXTS[locale];

  test(`the open setting dialog says when another administrator changes the setting, and when they delete it (${locale})`, async ({
    adminPage: page,
    api,
  }) => {
    const key = `e2e.live.${uniqueTag()}`;
    await api.ok('POST', '/auth/admin/settings', { key, type: 'string', value: 'mine', is_public: false });
    await useLocale(page, locale);
    const streamOpen = waitForStream(page);
    await page.goto(listUrl('/auth/settings', { 'filter[key]': key }));
    const table = resourceTable(page, text.settings);
    await expectSettled(table);
    await streamOpen;
    await table.getByRole('button', { name: text.editSetting(key) }).click();
    const dialog = page.getByRole('dialog', { name: text.settingDialog(key) });
    const value = dialog.getByRole('textbox', { name: text.value });
    await expect(value).toHaveValue('mine');

    await api.ok('PUT', `/auth/admin/settings/${key}`, { type: 'string', value: 'theirs', is_public: false });
    const changed = dialog.getByRole('status').filter({ hasText: text.changedBy });
    await expect(changed).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`live-setting-changed-${locale}.png`) });
    await changed.getByRole('button', { name: text.reload }).click();
    await expect(value).toHaveValue('theirs');
    await expect(changed).toBeHidden();

    // Deleted while open: the dialog says the record is gone (nothing left to reload).
    await api.ok('DELETE', `/auth/admin/settings/${key}`);
    const deleted = dialog.getByRole('status').filter({ hasText: text.deletedBy });
    await expect(deleted).toBeVisible();
    await expect(deleted.getByRole('button')).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath(`live-setting-deleted-${locale}.png`) });
  });

  test(`the profile page says when another administrator changes this administrator's record (${locale})`, async ({
    browser,
    pult,
    api,
  }) => {
    // A support agent, who may not list administrators: their own record still reaches them.
    const email = uniqueEmail(uniqueTag('live-profile'));
    const admin = await api.createAdmin({ email, groups: ['support'] });
    const context = await browser.newContext({ baseURL: pult.url });
    const page = await context.newPage();
    await useLocale(page, locale);
    await signInThroughForm(page, email, TEST_PASSWORD);
    const streamOpen = waitForStream(page);
    await page.goto('/profile');
    await streamOpen;
    const phone = page.getByRole('textbox', { name: text.phone });
    await expect(phone).toBeVisible();

    const record = await api.ok<PersonRecord & Record<string, unknown>>(
      'GET',
      `/auth/admin/admins/${admin.id}`,
    );
    await api.ok('PUT', `/auth/admin/admins/${admin.id}`, {
      ...writable(record),
      phone: '+380443332211',
    });
    const banner = page.getByRole('status').filter({ hasText: text.changedBy });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`live-profile-changed-${locale}.png`) });
    await banner.getByRole('button', { name: text.reload }).click();
    await expect(phone).toHaveValue('+380443332211');
    await expect(banner).toBeHidden();
    await context.close();
  });

  test(`a delete from a list row is refused when another administrator changed the record meanwhile (${locale})`, async ({
    adminPage: page,
    api,
  }) => {
    const key = `e2e.rowdel.${uniqueTag()}`;
    await api.ok('POST', '/auth/admin/settings', { key, type: 'string', value: 'listed', is_public: false });
    await useLocale(page, locale);
    await page.goto(listUrl('/auth/settings', { 'filter[key]': key }));
    const table = resourceTable(page, text.settings);
    await expectSettled(table);
    await table.getByRole('button', { name: text.deleteRow(key) }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toBeVisible();

    // While the confirmation is open, another administrator changes the setting.
    await api.ok('PUT', `/auth/admin/settings/${key}`, {
      type: 'string',
      value: 'changed',
      is_public: false,
    });
    await confirm.getByRole('button', { name: text.delete }).click();
    await expect(page.getByRole('alert').filter({ hasText: text.notDeleted })).toBeVisible();
    await expect(confirm).toBeHidden();
    await page.screenshot({ path: test.info().outputPath(`live-row-delete-refused-${locale}.png`) });
    await expect(rowWith(page, key)).toContainText('changed');
    const kept = await api.ok<{ value: unknown }>('GET', `/auth/admin/settings/${key}`);
    expect(kept.value).toBe('changed');
  });
}

import type { Page } from '@playwright/test';
import { type PersonRecord, TEST_PASSWORD, uniqueEmail, uniqueTag } from '../support/admin-api.js';
import { signInThroughForm } from '../support/fixtures.js';
import { expectSettled, listUrl, resourceTable } from '../support/table.js';
import { expect, test } from '../support/users-fixtures.js';

/**
 * Live changes (issue 22): another administrator's changes reach an open panel without a reload. The
 * other administrator here is the API signed in apart (`api`), as a second panel or a platform client
 * would write: the change goes through the server's change feed and the panel's event stream.
 */
const TEXTS = {
  'uk-UA': {
    newRecords: (count: number) => `Нові записи: ${count} — показати`,
    changedBy: /Запис змінив (адміністратор .+|інший адміністратор) о \d\d:\d\d/,
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
    newRecords: (count: number) => `${count} new — show`,
    changedBy: /Changed by .+ at \d\d:\d\d/,
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

async function useLocale(page: Page, locale: string) {
  await page.addInitScript((code) => window.localStorage.setItem('language_locale', code), locale);
}

/** The panel's live changes stream answered (its headers; the body stays open). */
const waitForStream = (page: Page) =>
  page.waitForResponse((response) => response.url().includes('/admin/events') && response.ok());

const rowWith = (page: Page, text: string) => page.locator('tbody tr', { hasText: text }).first();

for (const locale of ['uk-UA', 'en-US'] as const) {
  const text = TEXTS[locale];

  test(`another administrator's changes reach the users list and the open form without a reload (${locale})`, async ({
    adminPage: page,
    api,
  }) => {
    const tag = uniqueTag('live');
    const user = await api.createUser({ email: `${tag}.1@e2e.test`, first_name: 'Оксана' });
    await useLocale(page, locale);
    // The stream opens with the shell; a change made before it is open would not be news to it.
    let streamOpen = waitForStream(page);
    await page.goto(listUrl('/auth/users', { 'filter[email]': tag }));
    await expect(rowWith(page, user.email)).toBeVisible();
    await streamOpen;

    // An update: the row changes where it is, and is highlighted.
    const current = await api.ok<PersonRecord & Record<string, unknown>>(
      'GET',
      `/auth/admin/users/${user.id}`,
    );
    await api.ok('PUT', `/auth/admin/users/${user.id}`, { ...writable(current), first_name: 'Соломія' });
    await expect(rowWith(page, user.email)).toContainText('Соломія');

    // New records do not shift the list: they are announced, and shown when asked.
    await api.createUser({ email: `${tag}.2@e2e.test` });
    await api.createUser({ email: `${tag}.3@e2e.test` });
    const show = page.getByRole('button', { name: text.newRecords(2) });
    await expect(show).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);
    await page.screenshot({ path: test.info().outputPath(`live-list-new-${locale}.png`) });
    await show.click();
    await expect(page.locator('tbody tr')).toHaveCount(3);
    await expect(show).toBeHidden();

    // The open form: another administrator saves the record, and the form says so before any save.
    streamOpen = waitForStream(page);
    await page.goto(`/auth/users/edit?id=${user.id}`);
    await streamOpen;
    const phone = page.getByRole('textbox', { name: text.phone });
    await expect(phone).toBeVisible();
    const now = await api.ok<PersonRecord & Record<string, unknown>>('GET', `/auth/admin/users/${user.id}`);
    await api.ok('PUT', `/auth/admin/users/${user.id}`, { ...writable(now), phone: '+380441112233' });
    const banner = page.getByRole('status').filter({ hasText: text.changedBy });
    await expect(banner).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`live-form-banner-${locale}.png`) });
    await banner.getByRole('button', { name: text.reload }).click();
    await expect(phone).toHaveValue('+380441112233');
    await expect(banner).toBeHidden();
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

import type { Browser, Page } from '@playwright/test';
import { adminApi } from '../support/admin-api.js';
import { emilyCarter, useLocale } from '../support/second-admin.js';
import { expect, startSignedIn, test } from '../support/users-fixtures.js';

/**
 * No lost updates (issue 22): two administrators edit the same user at once, each in a browser context
 * of their own. The second save is refused (412) and the panel shows the conflict dialog, field by
 * field, naming who saved first; picking per field and saving again keeps both changes.
 */
const TEXTS = {
  'uk-UA': {
    title: 'Запис змінив хтось інший',
    status: 'Статус',
    phone: 'Телефон',
    locked: 'Заблокований',
    save: 'Зберегти',
    yours: 'Ваше',
    theirs: 'Зараз у записі',
    apply: 'Застосувати вибране',
    dashboard: 'Панель',
    leaveTitle: 'Вийти без збереження?',
    stay: 'Залишитися',
    aboutMe: 'Про себе',
    saved: 'Зміни збережено',
    changedBy: (name: string) => `Запис змінив адміністратор ${name} `,
  },
  'en-US': {
    title: 'Someone else changed this record',
    status: 'Status',
    phone: 'Phone',
    locked: 'Locked',
    save: 'Save',
    yours: 'Yours',
    theirs: 'Theirs now',
    apply: 'Use the chosen values',
    dashboard: 'Dashboard',
    leaveTitle: 'Leave without saving?',
    stay: 'Stay',
    aboutMe: 'About me',
    saved: 'Changes saved',
    changedBy: (name: string) => `Changed by ${name} at `,
  },
} as const;

/** The same administrator's second tab: a browser context of its own, signed in through the API. */
async function secondTab(browser: Browser, baseURL: string): Promise<Page> {
  const { tokens } = await adminApi(baseURL);
  const context = await browser.newContext({ baseURL });
  await startSignedIn(context, tokens);
  return context.newPage();
}

for (const locale of ['uk-UA', 'en-US'] as const) {
  const text = TEXTS[locale];

  test(`two admins save the same user: the conflict dialog names the other, pick per field, both changes kept (${locale})`, async ({
    adminPage: first,
    browser,
    pult,
    api,
  }) => {
    const user = await api.createUser({ status: 1 });
    const emily = await emilyCarter(browser, api, pult.url, locale);
    await useLocale(first, locale);
    const editUrl = `/auth/users/edit?id=${user.id}`;
    for (const page of [first, emily]) {
      await page.goto(editUrl);
      await expect(page.getByRole('textbox', { name: text.phone })).toBeVisible();
    }

    // Emily locks the account and saves, in her browser.
    await emily.getByRole('combobox', { name: text.status }).click();
    await emily.getByRole('option', { name: text.locked }).click();
    await emily.getByRole('button', { name: text.save }).click();
    await expect(emily).toHaveURL(/\/auth\/users(\?|$)/);

    // The first administrator, who opened the record before that, types a phone and saves: refused,
    // nothing lost, and the dialog says who saved first.
    const phone = first.getByRole('textbox', { name: text.phone });
    await phone.fill('+380441234567');
    await first.getByRole('button', { name: text.save }).click();
    const dialog = first.getByRole('dialog', { name: text.title });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text.changedBy('Emily Carter'));
    await expect(dialog.locator('tbody tr')).toHaveCount(2);
    const statusRow = dialog.locator('tr[data-field="status"]');
    await expect(statusRow).toContainText(text.locked);
    await expect(dialog.locator('tr[data-field="phone"]')).toContainText('+380441234567');
    await first.screenshot({ path: test.info().outputPath(`conflict-dialog-${locale}.png`) });

    // Her status, my phone.
    await dialog.getByRole('radio', { name: `${text.status}: ${text.theirs}` }).check();
    await dialog.getByRole('radio', { name: `${text.phone}: ${text.yours}` }).check();
    await dialog.getByRole('button', { name: text.apply }).click();
    await expect(dialog).toBeHidden();
    await expect(phone).toHaveValue('+380441234567');
    await expect(first.getByRole('combobox', { name: text.status })).toHaveText(text.locked);

    // The chosen values are not saved yet: leaving still asks.
    await first.getByRole('link', { name: text.dashboard }).click();
    const leave = first.getByRole('alertdialog', { name: text.leaveTitle });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: text.stay }).click();
    await expect(leave).toBeHidden();
    await expect(phone).toHaveValue('+380441234567');

    await first.getByRole('button', { name: text.save }).click();
    await expect(first).toHaveURL(/\/auth\/users(\?|$)/);
    const saved = await api.ok<{ status: number; phone: string | null }>(
      'GET',
      `/auth/admin/users/${user.id}`,
    );
    expect(saved).toMatchObject({ status: 2, phone: '+380441234567' });
    await emily.context().close();
  });
}

/**
 * The profile has a version too: the same administrator in two tabs (or another administrator through
 * the administrators' form) cannot undo a change to it unseen.
 */
for (const locale of ['uk-UA', 'en-US'] as const) {
  const text = TEXTS[locale];

  test(`two tabs save the same profile: the conflict dialog, theirs taken where chosen (${locale})`, async ({
    adminPage: first,
    browser,
    pult,
    api,
  }) => {
    const second = await secondTab(browser, pult.url);
    const me = await api.ok<{ first_name: string; last_name: string }>('GET', '/auth/admin/profile');
    for (const page of [first, second]) {
      await useLocale(page, locale);
      await page.goto('/profile');
      await expect(page.getByRole('textbox', { name: text.phone })).toBeVisible();
    }
    const theirPhone = locale === 'uk-UA' ? '+380501110001' : '+380501110002';
    await second.getByRole('textbox', { name: text.phone }).fill(theirPhone);
    await second.getByRole('button', { name: text.save }).click();
    await expect(second.getByText(text.saved)).toBeVisible();

    // The first tab opened the profile before that save.
    await first.getByRole('textbox', { name: text.phone }).fill('+380441234567');
    await first.getByRole('textbox', { name: text.aboutMe }).fill(`On call (${locale})`);
    await first.getByRole('button', { name: text.save }).click();
    const dialog = first.getByRole('dialog', { name: text.title });
    await expect(dialog).toBeVisible();
    // Their own other tab: named as the stream names them to themselves.
    await expect(dialog).toContainText(text.changedBy(`${me.first_name} ${me.last_name}`.trim()));
    await expect(dialog.locator('tbody tr')).toHaveCount(2);
    await expect(dialog.locator('tr[data-field="phone"]')).toContainText(theirPhone);
    await first.screenshot({ path: test.info().outputPath(`profile-conflict-dialog-${locale}.png`) });

    await dialog.getByRole('radio', { name: `${text.phone}: ${text.theirs}` }).check();
    await dialog.getByRole('button', { name: text.apply }).click();
    await expect(dialog).toBeHidden();
    await expect(first.getByRole('textbox', { name: text.phone })).toHaveValue(theirPhone);
    await first.getByRole('button', { name: text.save }).click();
    await expect(first.getByText(text.saved)).toBeVisible();
    const saved = await api.ok<{ phone: string | null; about_me: string | null }>(
      'GET',
      '/auth/admin/profile',
    );
    expect(saved).toMatchObject({ phone: theirPhone, about_me: `On call (${locale})` });
    await second.context().close();
  });
}

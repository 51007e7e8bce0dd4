import type { Browser, Page } from '@playwright/test';
import { type AdminApi, TEST_PASSWORD, uniqueEmail, uniqueTag } from '../support/admin-api.js';
import { signInThroughForm } from '../support/fixtures.js';
import { expect, test } from '../support/users-fixtures.js';

/**
 * Access control as an administrator meets it (issue 20): the drawer, the pages and the buttons follow
 * the grants of their groups, a forbidden deep link says so inside the shell, and a colleague's edit of
 * their group reaches the open panel without a reload.
 */

interface Grant {
  resource: string;
  action: string;
  effect?: 'allow' | 'deny';
  fields?: string[];
}

async function createGroup(api: AdminApi, grants: Grant[]): Promise<{ id: number; name: string }> {
  const name = uniqueTag('grp')
    .toLowerCase()
    .replace(/[^a-z0-9_-]/g, '-');
  return api.ok('POST', '/auth/admin/groups', { name, description: 'e2e', grants });
}

async function signInAs(browser: Browser, baseURL: string, groups: string[], api: AdminApi) {
  const email = uniqueEmail(uniqueTag('acl'));
  await api.createAdmin({ email, groups });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signInThroughForm(page, email, TEST_PASSWORD);
  return page;
}

const drawer = (page: Page) => page.getByRole('navigation', { name: /меню|menu/i });

test.describe('access control in the panel', () => {
  test('a support agent sees and does only what the support group allows', async ({ browser, api, pult }) => {
    const page = await signInAs(browser, pult.url, ['support'], api);
    const nav = drawer(page);
    await expect(nav.getByRole('button', { name: 'Користувачі' })).toBeVisible();
    for (const section of ['Сховище', 'Чат', 'Сповіщення']) {
      await expect(nav.getByRole('button', { name: section })).toHaveCount(0);
    }
    await nav.getByRole('button', { name: 'Користувачі' }).click();
    await expect(nav.getByRole('link', { name: 'Користувачі' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Адміністратори' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Групи адміністраторів' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Користувачі' }).click();
    const table = page.getByRole('table', { name: 'Користувачі' });
    await expect(table.getByRole('row').nth(2)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Новий користувач' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Експорт CSV' })).toHaveCount(0);
    await expect(table.getByRole('button', { name: /^Видалити / })).toHaveCount(0);

    await table
      .getByRole('link', { name: /^Редагувати / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/auth\/users\/edit\?id=\d+$/);
    await expect(page.getByRole('textbox', { name: 'Е-пошта', exact: true })).toBeDisabled();
    await expect(page.getByRole('combobox', { name: 'Статус' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Зберегти' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Видалити' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('support-user-edit-uk-UA.png'), fullPage: true });

    await page.goto('/notification/smtp-configs');
    await expect(page.getByRole('heading', { name: 'У вас немає доступу до цієї сторінки' })).toBeVisible();
    await expect(page.getByText('Ваші групи: support')).toBeVisible();
    // Still inside the shell: the drawer leads on.
    await expect(drawer(page).getByRole('button', { name: 'Користувачі' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('no-access-uk-UA.png'), fullPage: true });

    await page.getByRole('button', { name: 'Мова', exact: true }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('no-access-en-US.png'), fullPage: true });
    await page.context().close();
  });

  test('a superadmin’s edit of a group in another browser reaches its member’s open panel without a reload', async ({
    browser,
    api,
    pult,
    adminPage,
  }) => {
    const group = await createGroup(api, [{ resource: 'auth.users', action: 'list' }]);
    const page = await signInAs(browser, pult.url, [group.name], api);
    await page.goto('/auth/countries');
    await expect(page.getByRole('heading', { name: 'У вас немає доступу до цієї сторінки' })).toBeVisible();
    await expect(drawer(page).getByRole('button', { name: 'Сховище' })).toHaveCount(0);
    // A reload would drop this mark.
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });

    // The superadmin, in a browser of their own, grants the countries list in the group editor.
    await adminPage.goto(`/auth/groups/edit?id=${group.id}`);
    const cell = adminPage.getByRole('button', { name: 'Країни — Список: не надано' });
    await cell.click();
    await expect(adminPage.getByRole('button', { name: 'Країни — Список: дозволено' })).toBeVisible();
    await adminPage.screenshot({ path: test.info().outputPath('group-editor-uk-UA.png'), fullPage: true });
    await adminPage.getByRole('button', { name: 'Зберегти' }).click();
    await expect(adminPage.getByRole('alert').filter({ hasText: 'Зміни збережено' })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'Країни' })).toBeVisible({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
    await expect(drawer(page).getByRole('button', { name: 'Сховище' })).toHaveCount(0);

    // Taking it away again closes the page as promptly.
    await api.ok('PUT', `/auth/admin/groups/${group.id}`, {
      name: group.name,
      description: 'e2e',
      grants: [{ resource: 'auth.users', action: 'list' }],
    });
    await expect(page.getByRole('heading', { name: 'У вас немає доступу до цієї сторінки' })).toBeVisible({
      timeout: 20_000,
    });
    await page.context().close();
  });
});

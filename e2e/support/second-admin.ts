import type { Browser, Page } from '@playwright/test';
import { type AdminApi, TEST_PASSWORD, uniqueEmail, uniqueTag } from './admin-api.js';
import { signInThroughForm } from './fixtures.js';

/** Makes the page start in `locale` (the panel reads it from local storage before its first render). */
export async function useLocale(page: Page, locale: string): Promise<void> {
  await page.addInitScript((code) => window.localStorage.setItem('language_locale', code), locale);
}

/**
 * Emily Carter, another superadministrator, signed in through the form in a browser context of her
 * own: the second of two administrators working at once (issue 22).
 */
export async function emilyCarter(
  browser: Browser,
  api: AdminApi,
  baseURL: string,
  locale: string,
): Promise<Page> {
  const email = uniqueEmail(uniqueTag('emily'));
  await api.createAdmin({ email, first_name: 'Emily', last_name: 'Carter', groups: ['superadmin'] });
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await useLocale(page, locale);
  await signInThroughForm(page, email, TEST_PASSWORD);
  return page;
}

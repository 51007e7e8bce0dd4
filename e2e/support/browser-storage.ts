import type { Page } from '@playwright/test';

export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

/**
 * Sets local storage items in the next document, before the panel's first script, once. Changing
 * the tokens of a running panel races its own requests: a 401 there may end the session and navigate
 * while the test navigates too.
 */
export async function setItemsOnNextLoad(page: Page, items: Record<string, string>): Promise<void> {
  await page.addInitScript((entries) => {
    if (window.sessionStorage.getItem('e2e-items-set') !== null) return;
    window.sessionStorage.setItem('e2e-items-set', '1');
    for (const [key, value] of entries) window.localStorage.setItem(key, value);
  }, Object.entries(items));
}

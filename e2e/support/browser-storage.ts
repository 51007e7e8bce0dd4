import type { Page } from '@playwright/test';

export function storedItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((name) => window.localStorage.getItem(name), key);
}

import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Helpers for the panel's ResourceTable: its state lives in the URL (`page`, `perPage`, `sort`,
 * `filter[field]`), its rows in `tbody`, and it is `aria-busy` while a request runs.
 */

/** The table of a list page, by its accessible name (the page title). */
export function resourceTable(page: Page, name: string): Locator {
  return page.getByRole('table', { name, exact: true });
}

export function bodyRows(table: Locator): Locator {
  return table.locator('tbody > tr');
}

/** Waits until no list request is running (the rows on screen are the URL's). */
export async function expectSettled(table: Locator): Promise<void> {
  await expect(table).toHaveAttribute('aria-busy', 'false');
}

/** The 1-based position of a column, by its header text. */
export async function columnPosition(table: Locator, header: string): Promise<number> {
  await expect(table.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  const index = await table.evaluate(
    (element, name) =>
      Array.from(element.querySelectorAll('thead > tr:first-child > th')).findIndex(
        (cell) => cell.textContent?.trim() === name,
      ),
    header,
  );
  if (index < 0) throw new Error(`No column "${header}"`);
  return index + 1;
}

/** The cells of one column, one per body row. */
export async function columnCells(table: Locator, header: string): Promise<Locator> {
  const position = await columnPosition(table, header);
  return table.locator(`tbody > tr > td:nth-child(${position})`);
}

/** The named search parameters of the page's URL; null for an absent one. */
export function urlParams(page: Page, names: readonly string[]): Record<string, string | null> {
  const params = new URL(page.url()).searchParams;
  return Object.fromEntries(names.map((name) => [name, params.get(name)]));
}

/** Waits until the URL's table parameters are exactly these (null: absent). */
export async function expectUrlParams(page: Page, expected: Record<string, string | null>): Promise<void> {
  await expect.poll(() => urlParams(page, Object.keys(expected))).toEqual(expected);
}

/** A URL of a list page with table parameters, encoded as the panel writes them. */
export function listUrl(path: string, params: Record<string, string>): string {
  const search = new URLSearchParams(params).toString();
  return search === '' ? path : `${path}?${search}`;
}

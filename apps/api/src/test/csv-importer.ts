import type { ImportReport } from '@pult/contract';
import { expect } from 'vitest';
import type { TestApp } from './test-app.js';

/**
 * `report(body, query, lang)` for one list's import tests: posts the CSV to `<listPath>/import` as
 * the administrator of `headers` and answers the report, failing the test on any status but 200.
 * Getters, because the app and headers are made in the suite's `beforeAll`.
 */
export function csvImporter(app: () => TestApp, listPath: string, headers: () => Record<string, string>) {
  return async (body: string, query: string, lang = 'en-US'): Promise<ImportReport> => {
    const response = await app().app.inject({
      method: 'POST',
      url: `${listPath}/import?${query}`,
      headers: { ...headers(), Lang: lang, 'content-type': 'text/csv' },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportReport>();
  };
}

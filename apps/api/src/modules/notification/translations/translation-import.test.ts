import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvImporter } from '../../../test/csv-importer.js';
import { adminHeaders, createTranslation } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const TRANSLATIONS = '/notification/api/v1/admin/translations';

describe.each(testDatabaseKinds())('CSV import of translations on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
    await createTranslation(t.db, 'shop', 'cart.title', { 'uk-UA': 'Кошик', 'en-US': 'Cart' });
    await createTranslation(t.db, 'shop', 'cart.empty', { 'uk-UA': 'Порожньо' });
  });
  afterAll(() => t?.close());

  const report = csvImporter(
    () => t,
    TRANSLATIONS,
    () => headers,
  );
  const texts = async (key: string) =>
    (
      await t.db
        .selectFrom('notification_translations')
        .select('texts')
        .where('group_name', '=', 'shop')
        .where('key_name', '=', key)
        .executeTakeFirstOrThrow()
    ).texts;

  it.each(['en-US', 'uk-UA'])('imports its own %s export back unchanged', async (lang) => {
    const exported = await t.app.inject({
      method: 'GET',
      url: `${TRANSLATIONS}/export.csv?filter[group]=shop`,
      headers: { ...headers, Lang: lang },
    });
    const back = await report(exported.body, 'mode=commit&onConflict=update', lang);
    expect(back.counts).toEqual({ rows: 2, create: 0, update: 0, unchanged: 2, skipped: 0, rejected: 0 });
    expect(back.committed).toBe(true);
  });

  it('finds a translation by group and key; a file with one language changes only that language', async () => {
    const file = 'group,key_name,value_en\nshop,cart.empty,Empty\nshop,cart.new,New\nbad group,x,Y\n';
    const result = await report(file, 'mode=commit&onConflict=update&rows=valid');
    expect(result.counts).toMatchObject({ create: 1, update: 1, rejected: 1 });
    expect(result.updated[0]).toEqual({
      line: 2,
      key: { group: 'shop', key_name: 'cart.empty' },
      changes: [{ field: 'value_en', before: null, after: 'Empty' }],
    });
    expect(await texts('cart.empty')).toEqual({ 'uk-UA': 'Порожньо', 'en-US': 'Empty' });
    expect(await texts('cart.new')).toEqual({ 'en-US': 'New' });
    expect(Object.keys(result.rejected[0]?.errors ?? {})).toEqual(['group']);
    const again = await report(file, 'mode=commit&onConflict=update&rows=valid');
    expect(again.counts).toMatchObject({ create: 0, update: 0, unchanged: 2, rejected: 1 });
  });
});

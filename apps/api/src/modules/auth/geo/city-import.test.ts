import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvImporter } from '../../../test/csv-importer.js';
import { adminHeaders, createCity, createCountry } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const CITIES = '/auth/admin/cities';

describe.each(testDatabaseKinds())('CSV import of cities on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let countryId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
    countryId = (await createCountry(t.db, { code: 'UA', name_uk: 'Україна', name_en: 'Ukraine' })).id;
    await createCity(t.db, countryId, { name_uk: 'Львів', name_en: 'Lviv' });
  });
  afterAll(() => t?.close());

  const report = csvImporter(
    () => t,
    CITIES,
    () => headers,
  );

  it('finds a city by its country (named in either language) and English name, without regard to case', async () => {
    const file =
      'Country,Name (English),Name (Ukrainian)\nУкраїна,LVIV,Львів-місто\nUkraine,Odesa,Одеса\nNarnia,X,Х\n';
    const result = await report(file, 'mode=commit&onConflict=update&rows=valid');
    expect(result.counts).toMatchObject({ create: 1, update: 1, rejected: 1 });
    expect(result.updated[0]?.changes).toEqual([{ field: 'name_uk', before: 'Львів', after: 'Львів-місто' }]);
    const cities = await t.db
      .selectFrom('cities')
      .select(['name_en', 'name_uk'])
      .where('country_id', '=', countryId)
      .orderBy('name_en')
      .execute();
    // The key found the record: the file's spelling of it does not rename the city.
    expect(cities).toEqual([
      { name_en: 'Lviv', name_uk: 'Львів-місто' },
      { name_en: 'Odesa', name_uk: 'Одеса' },
    ]);
  });

  it('rejects a row whose new Ukrainian name another city of the country has, writing the others', async () => {
    const result = await report(
      'Country,Name (English),Name (Ukrainian)\nUA,Lviv,Одеса\nUA,Odesa,Одеса-місто\n',
      'mode=commit&onConflict=update&rows=valid',
    );
    expect(result.committed).toBe(true);
    expect(result.counts).toMatchObject({ update: 1, rejected: 1 });
    expect(result.rejected[0]?.errors).toEqual({
      _row: ['Another record already has a value this row gives'],
    });
    await report(
      'Country,Name (English),Name (Ukrainian)\nUA,Odesa,Одеса\n',
      'mode=commit&onConflict=update',
    );
  });

  it.each(['en-US', 'uk-UA'])('imports its own %s export back unchanged', async (lang) => {
    const exported = await t.app.inject({
      method: 'GET',
      url: `${CITIES}/export.csv`,
      headers: { ...headers, Lang: lang },
    });
    const back = await report(exported.body, 'mode=dry-run&onConflict=update', lang);
    expect(back.counts).toEqual({ rows: 2, create: 0, update: 0, unchanged: 2, skipped: 0, rejected: 0 });
  });
});

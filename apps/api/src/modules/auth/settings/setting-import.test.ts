import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvImporter } from '../../../test/csv-importer.js';
import { adminHeaders } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const SETTINGS = '/auth/admin/settings';

describe.each(testDatabaseKinds())('CSV import of settings on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const report = csvImporter(
    () => t,
    SETTINGS,
    () => headers,
  );

  it.each(['en-US', 'uk-UA'])(
    'imports its own %s export back unchanged (typed JSON values)',
    async (lang) => {
      await report(
        'key,type,value,is_public\nimport.text,string,"""hello, world""",Yes\nimport.count,integer,5,No\nimport.map,json,"{""a"":[1,2]}",No\n',
        'mode=commit&onConflict=update',
      );
      const exported = await t.app.inject({
        method: 'GET',
        url: `${SETTINGS}/export.csv`,
        headers: { ...headers, Lang: lang },
      });
      const back = await report(exported.body, 'mode=dry-run&onConflict=update', lang);
      expect(back.rejected).toEqual([]);
      expect(back.counts.update).toBe(0);
      expect(back.counts.unchanged).toBe(back.counts.rows);
      const stored = await t.db
        .selectFrom('settings')
        .select(['key', 'value', 'is_public'])
        .where('key', 'like', 'import.%')
        .orderBy('key')
        .execute();
      expect(stored).toEqual([
        { key: 'import.count', value: 5, is_public: false },
        { key: 'import.map', value: { a: [1, 2] }, is_public: false },
        { key: 'import.text', value: 'hello, world', is_public: true },
      ]);
    },
  );

  it('checks a value against its type as the form does, and a key names the setting', async () => {
    const result = await report(
      'key,type,value\nimport.count,integer,many\nimport.plain,string,plain text\n',
      'mode=commit&onConflict=update&rows=valid',
      'uk-UA',
    );
    expect(result.counts).toMatchObject({ create: 1, rejected: 1 });
    expect(Object.keys(result.rejected[0]?.errors ?? {})).toEqual(['value']);
    const plain = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'import.plain')
      .executeTakeFirstOrThrow();
    expect(plain.value).toBe('plain text');
  });
});

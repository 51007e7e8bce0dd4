import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvImporter } from '../../../test/csv-importer.js';
import { adminHeaders } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const BUCKETS = '/storage/api/v1/admin/buckets';

describe.each(testDatabaseKinds())('CSV import of buckets on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const report = csvImporter(
    () => t,
    BUCKETS,
    () => headers,
  );

  it('creates and updates buckets by name, with their rule lists, and refuses a bad limit', async () => {
    const created = await report(
      'name,access,size_limit_mb,presign_expiry_seconds,allowed_extensions,groups\n' +
        'imported-docs,private,50,3600,".PDF, docx",staff\nimported-big,public,99999,3600,,\n',
      'mode=commit&rows=valid',
    );
    expect(created.counts).toMatchObject({ create: 1, rejected: 1 });
    expect(Object.keys(created.rejected[0]?.errors ?? {})).toEqual(['size_limit_mb']);
    const stored = await t.db
      .selectFrom('storage_buckets')
      .select(['access', 'size_limit_mb', 'allowed_extensions', 'groups'])
      .where('name', '=', 'imported-docs')
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({
      access: 'private',
      size_limit_mb: 50,
      allowed_extensions: ['pdf', 'docx'],
      groups: ['staff'],
    });
    const updated = await report('name,size_limit_mb\nimported-docs,60\n', 'mode=commit&onConflict=update');
    expect(updated.updated[0]?.changes).toEqual([{ field: 'size_limit_mb', before: 50, after: 60 }]);
  });

  it.each(['en-US', 'uk-UA'])('imports its own %s export back unchanged', async (lang) => {
    const exported = await t.app.inject({
      method: 'GET',
      url: `${BUCKETS}/export.csv`,
      headers: { ...headers, Lang: lang },
    });
    const back = await report(exported.body, 'mode=dry-run&onConflict=update', lang);
    expect(back.rejected).toEqual([]);
    expect(back.counts.update).toBe(0);
    expect(back.counts.unchanged).toBe(back.counts.rows);
  });
});

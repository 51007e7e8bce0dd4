import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvImporter } from '../../../test/csv-importer.js';
import { adminHeaders } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const TEMPLATES = '/notification/api/v1/admin/templates';

describe.each(testDatabaseKinds())('CSV import of templates on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const report = csvImporter(
    () => t,
    TEMPLATES,
    () => headers,
  );

  it('creates by name with the content column, updates only the columns given, keeps the platform’s own', async () => {
    const created = await report(
      'name,type,subject,content,priority,is_active\nwelcome,email,Hello,<p>Hi {name}</p>,5,Yes\nnote,sms,,Code {code},1,No\n',
      'mode=commit',
    );
    expect(created.counts).toMatchObject({ create: 2, rejected: 0 });
    const update = await report(
      'Name,Priority,Active\nwelcome,7,Yes\npassword-recovery,0,No\nnote,1,No\n',
      'mode=commit&onConflict=update&rows=valid',
    );
    expect(update.counts).toMatchObject({ update: 1, unchanged: 1, rejected: 1 });
    expect(update.updated[0]?.changes).toEqual([{ field: 'priority', before: 5, after: 7 }]);
    expect(update.rejected[0]?.line).toBe(3);
    const welcome = await t.db
      .selectFrom('notification_templates')
      .select(['content', 'priority', 'subject'])
      .where('name', '=', 'welcome')
      .executeTakeFirstOrThrow();
    expect(welcome).toEqual({ content: '<p>Hi {name}</p>', priority: 7, subject: 'Hello' });
  });

  it('refuses a missing subject of an e-mail and a configuration that does not exist', async () => {
    const result = await report(
      'name,type,subject,content,priority,is_active,email_config_id\nbad1,email,,x,1,Yes,\nbad2,email,S,x,1,Yes,999\n',
      'mode=dry-run',
    );
    expect(result.rejected.map((row) => Object.keys(row.errors))).toEqual([['subject'], ['email_config_id']]);
  });

  it.each(['en-US', 'uk-UA'])('imports its own %s export back unchanged', async (lang) => {
    const exported = await t.app.inject({
      method: 'GET',
      url: `${TEMPLATES}/export.csv`,
      headers: { ...headers, Lang: lang },
    });
    const back = await report(exported.body, 'mode=dry-run&onConflict=update', lang);
    expect(back.rejected).toEqual([]);
    expect(back.counts.update).toBe(0);
    expect(back.counts.unchanged).toBe(back.counts.rows);
  });
});

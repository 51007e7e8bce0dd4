import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/**
 * A two-character "contains" filter is served by the bigram index (`list_bigrams`) instead of
 * `ilike`: it must select exactly the rows `ilike` selects, whatever the case, alphabet or
 * punctuation, on both databases.
 */
const EMAILS = [
  'Olena.Koval@pult.test',
  'oleh.kovalenko@pult.test',
  'ІРИНА.шевченко@pult.test',
  'ira_50%@pult.test',
  'ANDRII@PULT.TEST',
  'a@b.c',
];
const PAIRS = ['ov', 'OV', 'Ko', 'ір', 'ШЕ', '_5', '0%', '%@', 'a@', '@p', 'qz', '..', 'e.'];

interface Answer {
  items: { email: string }[];
  total: number;
  totalExact: boolean;
}

describe.each(testDatabaseKinds())('two-character "contains" filters on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t);
    for (const email of EMAILS) await createUser(t.db, { email, password: 'not-used-for-sign-in' });
  });
  afterAll(() => t?.close());

  it.each(PAIRS)('"%s" selects what ilike selects', async (pair) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/auth/admin/users?filter[email]=${encodeURIComponent(pair)}&sort=email&perPage=100`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Answer>();
    const escaped = pair.replace(/[\\%_]/g, (char) => `\\${char}`);
    const { rows } = await sql<{ email: string }>`select email from users
      where email ilike ${`%${escaped}%`} order by email, id`.execute(t.db);
    expect(body.items.map((item) => item.email)).toEqual(rows.map((row) => row.email));
    expect(body).toMatchObject({ total: rows.length, totalExact: true });
  });

  it('has an index the pair condition can use (same expression)', async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      // A six-row table is read whole by choice; forbidding that shows whether the index fits.
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<Record<string, string>>`explain (format text)
        select 1 from users p where list_bigrams(lower(p.email)) @> array[lower('qz')]`.execute(trx);
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/users_email_bigrams_idx/);
  });
});

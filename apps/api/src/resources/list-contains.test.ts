import { type Condition, usersResource } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personListSource } from '../modules/auth/people/person-source.js';
import { adminHeaders, createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { escapeLike, whereClause } from './list-sql.js';

/**
 * "Contains" on the users' e-mail is written three ways, and each must select exactly the rows
 * `ilike` selects, whatever the case, alphabet or punctuation, on both databases: two characters
 * through the bigram index (`list_bigrams`), a page walked along the sort's index on the folded key
 * the date indexes hold (`lower(email) like lower(…)`), and `ilike` itself elsewhere.
 */
const EMAILS = [
  'Olena.Koval@pult.test',
  'oleh.kovalenko@pult.test',
  'ІРИНА.шевченко@pult.test',
  'ira_50%@pult.test',
  'ANDRII@PULT.TEST',
  'a@b.c',
  'Ölçü.İnce@pult.test',
  'a\\b@pult.test',
];
const PAIRS = ['ov', 'OV', 'Ko', 'ір', 'ШЕ', '_5', '0%', '%@', 'a@', '@p', 'qz', '..', 'e.'];
const FRAGMENTS = [
  'koval',
  'KOVAL',
  'ірина',
  'ШЕВЧ',
  'a_5',
  '50%',
  '%@',
  'andrii@p',
  'öLÇ',
  'i̇nce',
  'a\\b',
  'zz',
];

interface Answer {
  items: { email: string }[];
  total: number;
  totalExact: boolean;
}

describe.each(testDatabaseKinds())('"contains" filters on the e-mail on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  const source = personListSource('users', usersResource, 'uk-UA');

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t);
    for (const email of EMAILS) await createUser(t.db, { email, password: 'not-used-for-sign-in' });
  });
  afterAll(() => t?.close());

  it.each(PAIRS)('two characters, "%s", select what ilike selects', async (pair) => {
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

  it.each(FRAGMENTS)('a walked page of "%s" selects what ilike selects', async (fragment) => {
    const condition: Condition = { field: 'email', type: 'text', value: fragment };
    const where = whereClause(source, [condition], [], 'page');
    const walked = await sql<{ email: string }>`select p.email from users as p ${where}
      order by p.email, p.id`.execute(t.db);
    const reference = await sql<{ email: string }>`select email from users
      where email ilike ${`%${escapeLike(fragment)}%`} order by email, id`.execute(t.db);
    expect(walked.rows.map((row) => row.email)).toEqual(reference.rows.map((row) => row.email));
  });

  it('reads the folded e-mail from the date indexes, index-only, with or without a status', async () => {
    const plan = (conditions: Condition[]) =>
      t.db.transaction().execute(async (trx) => {
        // A table this small is read whole by choice; forbidding that shows whether the index serves.
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        const where = whereClause(source, conditions, [], 'page');
        const { rows } = await sql<Record<string, string>>`explain (format text)
          select p.id from users as p ${where} order by p.created_at desc, p.id desc limit 11`.execute(trx);
        return rows.map((row) => Object.values(row)[0]).join('\n');
      });
    const fragment: Condition = { field: 'email', type: 'text', value: 'koval' };
    const alone = await plan([fragment]);
    expect(alone).toMatch(/Index Only Scan Backward using users_created_at_idx/);
    // Doubled parentheses: the index's key column, not `lower()` computed again for each entry.
    expect(alone).toMatch(/\(\(lower\(email\)\) ~~/);
    const withStatus = await plan([fragment, { field: 'status', type: 'select', value: 1 }]);
    expect(withStatus).toMatch(/Index Only Scan Backward using users_status_created_at_idx/);
    expect(withStatus).toMatch(/\(\(lower\(email\)\) ~~/);
  });

  it('finds what it should, not only what ilike finds', async () => {
    const walked = async (value: string) => {
      const where = whereClause(source, [{ field: 'email', type: 'text', value }], [], 'page');
      const { rows } = await sql<{ email: string }>`select p.email from users as p ${where}
        order by p.email`.execute(t.db);
      return rows.map((row) => row.email);
    };
    expect(await walked('KOVAL')).toEqual(['oleh.kovalenko@pult.test', 'Olena.Koval@pult.test'].sort());
    expect(await walked('a_5')).toEqual(['ira_50%@pult.test']);
    // `_` is itself, not any character: unescaped it would find `a\\b`.
    expect(await walked('a_b')).toEqual([]);
    expect(await walked('a\\b')).toEqual(['a\\b@pult.test']);
    expect(await walked('%@')).toEqual(['ira_50%@pult.test']);
  });
});

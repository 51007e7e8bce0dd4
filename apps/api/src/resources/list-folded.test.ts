import { type Condition, usersResource } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personListSource } from '../modules/auth/people/person-source.js';
import { createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { escapeLike, whereClause } from './list-sql.js';

/**
 * A page walked along the sort's index checks an e-mail fragment on the users' folded copy of the
 * address (`email_folded like lower(…)`) instead of `ilike`: it must select exactly what `ilike`
 * selects, whatever the case, alphabet or punctuation, on both databases, and the walk must stay
 * index-only.
 */
const EMAILS = [
  'Olena.Koval@pult.test',
  'oleh.kovalenko@pult.test',
  'ІРИНА.шевченко@pult.test',
  'ira_50%@pult.test',
  'ANDRII@PULT.TEST',
  'Ölçü.İnce@pult.test',
  'a\\b@pult.test',
];
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

describe.each(testDatabaseKinds())('walked "contains" filters on the folded e-mail on %s', (kind) => {
  let t: TestApp;
  const source = personListSource('users', usersResource, 'uk-UA');

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const email of EMAILS) await createUser(t.db, { email, password: 'not-used-for-sign-in' });
  });
  afterAll(() => t?.close());

  it('keeps the copy as lower(email) through inserts and updates', async () => {
    await sql`update users set email = 'Olena.KOVAL@pult.test' where email = 'Olena.Koval@pult.test'`.execute(
      t.db,
    );
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users
      where email_folded is distinct from lower(email)`.execute(t.db);
    expect(rows[0]?.n).toBe(0);
  });

  it.each(FRAGMENTS)('"%s" selects what ilike selects', async (fragment) => {
    const condition: Condition = { field: 'email', type: 'text', value: fragment };
    const where = whereClause(source, [condition], [], 'page');
    const walked = await sql<{ email: string }>`select p.email from users as p ${where}
      order by p.email, p.id`.execute(t.db);
    const reference = await sql<{ email: string }>`select email from users
      where email ilike ${`%${escapeLike(fragment)}%`} order by email, id`.execute(t.db);
    expect(walked.rows.map((row) => row.email)).toEqual(reference.rows.map((row) => row.email));
  });

  it('walks the date sort index-only', async () => {
    const condition: Condition = { field: 'email', type: 'text', value: 'koval' };
    const where = whereClause(source, [condition], [], 'page');
    const plan = await t.db.transaction().execute(async (trx) => {
      // A table this small is read whole by choice; forbidding that shows whether the index serves.
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_bitmapscan = off`.execute(trx);
      const { rows } = await sql<Record<string, string>>`explain (format text)
        select p.id from users as p ${where} order by p.created_at desc, p.id desc limit 11`.execute(trx);
      return rows.map((row) => Object.values(row)[0]).join('\n');
    });
    expect(plan).toMatch(/Index Only Scan Backward using users_created_at_idx/);
    expect(plan).toMatch(/email_folded ~~/);
  });
});

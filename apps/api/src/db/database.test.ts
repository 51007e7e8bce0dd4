import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../test/test-database.js';
import { budgetedDb, type DatabaseHandle, type Db } from './database.js';

function bounded(handle: DatabaseHandle, budgetMs: number): Db {
  const db = budgetedDb(handle.db, budgetMs);
  if (!db) throw new Error('no budgeted pool');
  return db;
}

async function timeoutOf(db: Db): Promise<string | undefined> {
  const { rows } = await sql<{ statement_timeout: string }>`show statement_timeout`.execute(db);
  return rows[0]?.statement_timeout;
}

describe.each(testDatabaseKinds())('budgetedDb on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  }, 120_000);
  afterAll(() => handle?.close());

  it.runIf(kind === 'postgres')('runs statements on connections bounded to the budget', async () => {
    const budgeted = bounded(handle, 250);
    expect(await timeoutOf(budgeted)).toBe('250ms');
    // The same budget reuses its pool; the main pool keeps the server-wide bound.
    expect(bounded(handle, 250)).toBe(budgeted);
    expect(await timeoutOf(handle.db)).toBe('10s');
  });

  it.runIf(kind === 'postgres')('lets only long budgets start parallel workers', async () => {
    const workers = async (db: Db) =>
      (await sql<{ w: string }>`select current_setting('max_parallel_workers_per_gather') as w`.execute(db))
        .rows[0]?.w;
    expect(await workers(handle.db)).toBe('0');
    expect(await workers(bounded(handle, 30))).toBe('0');
    expect(await workers(bounded(handle, 5_000))).not.toBe('0');
  });

  it.runIf(kind === 'postgres')('stops a statement that runs past the budget', async () => {
    await expect(sql`select pg_sleep(1)`.execute(bounded(handle, 50))).rejects.toMatchObject({
      code: '57014',
    });
  });

  it('leaves a transaction to its own connection', async () => {
    await handle.db.transaction().execute(async (trx) => {
      expect(budgetedDb(trx, 250)).toBeUndefined();
    });
  });

  it.runIf(kind === 'pglite')('has no bounded connections on PGlite', () => {
    expect(budgetedDb(handle.db, 250)).toBeUndefined();
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle, Executor } from '../db/database.js';
import { openTestDatabase, testDatabaseKinds } from '../test/test-database.js';
import { withBudget } from './list-total.js';

describe.skipIf(!testDatabaseKinds().includes('postgres'))('a budgeted statement on postgres', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase('postgres');
  }, 120_000);
  afterAll(() => handle?.close());

  async function settings(runner: Executor) {
    const { rows } = await sql<{ timeout: string; workers: string }>`select
      current_setting('statement_timeout') as timeout,
      current_setting('max_parallel_workers_per_gather') as workers`.execute(runner);
    return rows[0];
  }

  it('runs a short one within its budget and without parallel workers', async () => {
    expect(await withBudget(handle.db, 30, settings)).toEqual({ timeout: '30ms', workers: '0' });
  });

  it('lets an exact count asked for use parallel workers', async () => {
    expect(await withBudget(handle.db, 5_000, settings)).toEqual({ timeout: '5s', workers: '2' });
  });

  it('leaves the pool’s connections as they were', async () => {
    await withBudget(handle.db, 5_000, settings);
    expect(await settings(handle.db)).toEqual({ timeout: '10s', workers: '0' });
  });

  it('stops a statement past its budget', async () => {
    await expect(
      withBudget(handle.db, 50, (runner) => sql`select pg_sleep(1)`.execute(runner)),
    ).rejects.toMatchObject({ code: '57014' });
  });
});

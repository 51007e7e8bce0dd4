import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';

describe.skipIf(!testDatabaseKinds().includes('postgres'))('the PostgreSQL pool', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase('postgres');
  }, 120_000);
  afterAll(() => handle?.close());

  async function setting(name: string): Promise<string | undefined> {
    const { rows } = await sql<{ value: string }>`select current_setting(${name}) as value`.execute(
      handle.db,
    );
    return rows[0]?.value;
  }

  it('bounds every statement and starts no parallel workers', async () => {
    expect(await setting('statement_timeout')).toBe('10s');
    expect(await setting('max_parallel_workers_per_gather')).toBe('0');
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDatabaseKinds } from '../test/test-database.js';
import type { DatabaseHandle } from './database.js';
import { MAX_PREPARED_PER_CONNECTION, prepared } from './prepared-statements.js';

describe.each(testDatabaseKinds())('prepared statements on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  }, 120_000);
  afterAll(() => handle?.close());

  it('answers a marked statement with each run’s own values, past the runs that fix its plan', async () => {
    const answers: number[] = [];
    for (let value = 1; value <= 8; value++) {
      const { rows } = await prepared(sql<{ doubled: number }>`select ${value}::int * 2 as doubled`).execute(
        handle.db,
      );
      answers.push(Number(rows[0]?.doubled));
    }
    expect(answers).toEqual([2, 4, 6, 8, 10, 12, 14, 16]);
  });

  it.runIf(kind === 'postgres')(
    'keeps a marked statement prepared on its connection, and only that one',
    async () => {
      await handle.db.transaction().execute(async (trx) => {
        await prepared(sql`select ${'marked'}::text as kept`).execute(trx);
        await sql`select ${'unmarked'}::text as not_kept`.execute(trx);
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(trx);
        const kept = rows.map((row) => row.statement);
        expect(kept.some((text) => text.includes('as kept'))).toBe(true);
        expect(kept.some((text) => text.includes('as not_kept'))).toBe(false);
      });
    },
  );

  it.runIf(kind === 'postgres')(
    'keeps at most a bounded number of statements per connection, and still answers the rest',
    async () => {
      await handle.db.transaction().execute(async (trx) => {
        const texts = MAX_PREPARED_PER_CONNECTION + 20;
        for (let i = 0; i < texts; i++) {
          const { rows } = await prepared(sql<{ n: number }>`select ${i}::int as ${sql.id(`n${i}`)}`).execute(
            trx,
          );
          expect(Object.values(rows[0] ?? {})).toEqual([i]);
        }
        const { rows } = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_prepared_statements`.execute(trx);
        expect(rows[0]?.n).toBeLessThanOrEqual(MAX_PREPARED_PER_CONNECTION);
        expect(rows[0]?.n).toBeGreaterThan(MAX_PREPARED_PER_CONNECTION - 20);
      });
    },
  );
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestAccess } from '../../access/access-control.js';
import type { DatabaseHandle } from '../../db/database.js';
import { countryImportTarget } from '../../modules/auth/geo/country-import.js';
import { openTestDatabase, testDatabaseKinds } from '../../test/test-database.js';
import type { CsvRecord } from './csv-parser.js';
import { ImportRun, type ImportRunOptions } from './import-engine.js';
import type { ImportTarget } from './import-target.js';

async function* records(lines: readonly string[][]): AsyncGenerator<CsvRecord[]> {
  yield lines.map((cells, index) => ({ line: index + 1, cells }));
}

describe.each(testDatabaseKinds())('import engine on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(kind);
  });
  afterAll(() => handle?.close());

  /**
   * A target whose lookup misses every key, as when another import creates them between this one's
   * lookup and its insert: the unique index leaves the rows out, and the engine treats them as existing.
   */
  function racing(target: ImportTarget): ImportTarget {
    let misses = 1;
    return {
      ...target,
      find: async (executor, keys) => {
        if (misses-- > 0) return [];
        return target.find(executor, keys);
      },
    };
  }

  const options = (target: ImportTarget, onConflict: 'skip' | 'update' | 'fail'): ImportRunOptions => ({
    target,
    query: { mode: 'commit', onConflict, rows: 'valid' },
    locale: 'en-US',
    // Countries' import has no session: nothing asks who imports.
    access: {} as RequestAccess,
    maxRows: 100,
    guards: {},
    now: () => new Date(),
    keepRejected: false,
  });

  it.each([
    ['skip', { skipped: 2 }],
    ['update', { update: 1, unchanged: 1 }],
    ['fail', { rejected: 2 }],
  ] as const)('a key created meanwhile is left to the unique index, then %s', async (onConflict, counts) => {
    const { db } = handle;
    await db.deleteFrom('countries').where('code', 'in', ['ZA', 'ZB']).execute();
    await db
      .insertInto('countries')
      .values([
        { code: 'ZA', name_uk: 'За', name_en: 'Za' },
        { code: 'ZB', name_uk: 'Зб', name_en: 'Zb' },
      ])
      .execute();
    // A commit always runs in the route's transaction (an update takes a savepoint).
    const run = await db.transaction().execute(async (trx) => {
      const inner = new ImportRun(trx, options(racing(countryImportTarget(db)), onConflict), true);
      await inner.run(
        records([
          ['code', 'name_en', 'name_uk'],
          ['ZA', 'Za renamed', 'За'],
          ['ZB', 'Zb', 'Зб'],
        ]),
      );
      return inner;
    });
    expect(run.result().counts).toMatchObject({ rows: 2, create: 0, ...counts });
    const stored = await db
      .selectFrom('countries')
      .select(['code', 'name_en'])
      .where('code', 'in', ['ZA', 'ZB'])
      .orderBy('code')
      .execute();
    expect(stored).toEqual([
      { code: 'ZA', name_en: onConflict === 'update' ? 'Za renamed' : 'Za' },
      { code: 'ZB', name_en: 'Zb' },
    ]);
  });
});

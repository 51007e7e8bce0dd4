import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestAccess } from '../../access/access-control.js';
import type { DatabaseHandle } from '../../db/database.js';
import { countryImportTarget } from '../../modules/auth/geo/country-import.js';
import { openTestDatabase, testDatabaseKinds } from '../../test/test-database.js';
import type { CsvRecord } from './csv-parser.js';
import { IMPORT_BATCH_SIZE, ImportRun, type ImportRunOptions } from './import-engine.js';
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

  it('a file that breaks while a batch is written ends the run only after that batch’s statements', async () => {
    const { db } = handle;
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const codes = [...letters]
      .flatMap((a) => [...letters].map((b) => `${a}${b}`))
      .slice(0, IMPORT_BATCH_SIZE);
    const before = await db
      .selectFrom('countries')
      .select(db.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const target = countryImportTarget(db);
    let written = false;
    const slow: ImportTarget = {
      ...target,
      insert: async (...args) => {
        // The database is still busy with the batch when the file breaks.
        await sleep(100);
        const inserted = await target.insert(...args);
        written = true;
        return inserted;
      },
    };
    async function* breaking(): AsyncGenerator<CsvRecord[]> {
      yield [
        { line: 1, cells: ['code', 'name_en', 'name_uk'] },
        ...codes.map((code, index) => ({ line: index + 2, cells: [code, `Land ${code}`, `Край ${code}`] })),
      ];
      throw new Error('the upload broke');
    }
    const ended = db.transaction().execute(async (trx) => {
      const run = new ImportRun(trx, { ...options(slow, 'skip'), maxRows: 1000 }, true);
      await run.run(breaking());
    });
    await expect(ended).rejects.toThrow('the upload broke');
    expect(written).toBe(true);
    const after = await db
      .selectFrom('countries')
      .select(db.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

import type { Condition } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { createUser } from '../test/factories.js';
import { openTestDatabase, testDatabaseKinds } from '../test/test-database.js';
import {
  currentSample,
  type ListSample,
  type SampledColumn,
  type SampleTarget,
  sampleMatches,
  takeSample,
} from './list-sample.js';

const COLUMNS: Record<string, SampledColumn> = {
  email: { sql: sql.ref('p.email'), kind: 'text', contains: true },
  status: { sql: sql.ref('p.status'), kind: 'integer' },
  language: { sql: sql.ref('p.language'), kind: 'text' },
  created_at: { sql: sql.ref('p.created_at'), kind: 'timestamp' },
  birthday: { sql: sql.ref('p.birthday'), kind: 'date' },
};

/** Four rows as `takeSample` holds them: "contains" text folded to lower case, a timestamp as its UTC day. */
const SAMPLE: ListSample = {
  size: 4,
  tableRows: 400,
  takenAt: 0,
  values: new Map<string, Array<string | null>>([
    ['email', ['ivan.koval@pult.test', 'olena.kovalenko@pult.test', 'petro@example.org', null]],
    ['status', ['1', '0', '1', '1']],
    ['language', ['uk-UA', 'en-US', 'uk-UA', 'uk-ua']],
    ['created_at', ['2026-01-01', '2026-01-07', '2026-01-08', '2025-12-31']],
    ['birthday', [null, '1990-05-01', '1972-03-05', null]],
  ]),
};

const text = (field: string, value: string): Condition => ({ field, type: 'text', value });

describe('sampleMatches', () => {
  it('judges "contains" ignoring case, and a missing value never matches', () => {
    expect(sampleMatches(SAMPLE, COLUMNS, [text('email', 'KOVAL')])).toBe(2);
    expect(sampleMatches(SAMPLE, COLUMNS, [text('email', '@')])).toBe(3);
    expect(sampleMatches(SAMPLE, COLUMNS, [text('email', 'nobody')])).toBe(0);
  });

  it('counts a row once however often it holds the fragment, and never across two rows', () => {
    const values = ['aaaa', null, 'xa', 'ay', '', 'b.a.b', 'aa'];
    const sample: ListSample = {
      size: values.length,
      tableRows: values.length,
      takenAt: 0,
      values: new Map([['email', values]]),
    };
    const brute = (needle: string) => values.filter((value) => value?.includes(needle)).length;
    for (const needle of ['a', 'aa', 'aaa', 'xa', 'ay', 'aay', 'b.a', '.', 'b', 'q', 'A'])
      expect(sampleMatches(sample, COLUMNS, [text('email', needle)]), needle).toBe(
        brute(needle.toLowerCase()),
      );
  });

  it('judges two "contains" of one field together', () => {
    expect(sampleMatches(SAMPLE, COLUMNS, [text('email', 'koval'), text('email', 'olena')])).toBe(1);
    expect(sampleMatches(SAMPLE, COLUMNS, [text('email', 'pult'), text('email', '')])).toBe(2);
  });

  it('judges all conditions together, as the list does', () => {
    const conditions: Condition[] = [text('email', 'koval'), { field: 'status', type: 'select', value: 1 }];
    expect(sampleMatches(SAMPLE, COLUMNS, conditions)).toBe(1);
  });

  it('compares numbers by value and a selected text exactly, as SQL `=` does', () => {
    expect(sampleMatches(SAMPLE, COLUMNS, [{ field: 'status', type: 'number', value: 1 }])).toBe(3);
    expect(sampleMatches(SAMPLE, COLUMNS, [{ field: 'status', type: 'select', value: '01' }])).toBe(3);
    expect(sampleMatches(SAMPLE, COLUMNS, [{ field: 'language', type: 'select', value: 'uk-UA' }])).toBe(2);
  });

  it('judges the set filters of a countable scope with the conditions', () => {
    const sets = [{ field: 'status', values: [0] }];
    expect(sampleMatches(SAMPLE, COLUMNS, [], sets)).toBe(1);
    expect(sampleMatches(SAMPLE, COLUMNS, [text('email', 'koval')], sets)).toBe(1);
    expect(sampleMatches(SAMPLE, COLUMNS, [], [{ field: 'language', values: ['uk-UA', 'en-US'] }])).toBe(3);
    expect(sampleMatches(SAMPLE, COLUMNS, [], [{ field: 'status', values: [] }])).toBe(0);
    // Folded or unsampled columns cannot judge an exact set.
    expect(sampleMatches(SAMPLE, COLUMNS, [], [{ field: 'email', values: ['x'] }])).toBeUndefined();
    expect(sampleMatches(SAMPLE, COLUMNS, [], [{ field: 'phone', values: ['x'] }])).toBeUndefined();
  });

  it("keeps a scope's count with its sample: a new sample is scanned again", () => {
    const sets = [{ field: 'status', values: [1] }];
    expect(sampleMatches(SAMPLE, COLUMNS, [], sets)).toBe(3);
    const next: ListSample = {
      ...SAMPLE,
      values: new Map([...SAMPLE.values, ['status', ['0', '0', '1', '2']]]),
    };
    expect(sampleMatches(next, COLUMNS, [], sets)).toBe(1);
    expect(sampleMatches(SAMPLE, COLUMNS, [], sets)).toBe(3);
  });

  it('matches nothing for a NUL, which no text holds', () => {
    expect(sampleMatches(SAMPLE, COLUMNS, [text('email', 'a\u0000')])).toBe(0);
  });

  it('includes both ends of a day range, on timestamps and dates', () => {
    const week: Condition = { field: 'created_at', type: 'date', from: '2026-01-01', to: '2026-01-07' };
    expect(sampleMatches(SAMPLE, COLUMNS, [week])).toBe(2);
    const born: Condition = { field: 'birthday', type: 'date', from: '1972-03-05', to: '1990-05-01' };
    expect(sampleMatches(SAMPLE, COLUMNS, [born])).toBe(2);
  });

  it('leaves to the planner what it cannot judge', () => {
    expect(sampleMatches(SAMPLE, COLUMNS, [text('phone', '380')])).toBeUndefined();
    expect(sampleMatches(SAMPLE, COLUMNS, [text('status', '1')])).toBeUndefined();
    // A folded column cannot tell "Ivan" from "ivan"; a column held as stored cannot ignore case.
    expect(sampleMatches(SAMPLE, COLUMNS, [{ field: 'email', type: 'select', value: 'x' }])).toBeUndefined();
    expect(sampleMatches(SAMPLE, COLUMNS, [text('language', 'uk')])).toBeUndefined();
    const onText: Condition = { field: 'email', type: 'date', from: '2026-01-01', to: '2026-01-02' };
    expect(sampleMatches(SAMPLE, COLUMNS, [onText])).toBeUndefined();
  });
});

const TARGET: SampleTarget = { table: 'users', alias: 'p', countedTable: 'users', columns: COLUMNS };

describe.each(testDatabaseKinds())('a table sample on %s', (kind) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    await createUser(handle.db, {
      email: 'Ivan.Koval@Pult.test',
      created_at: new Date('2026-01-07T23:30:00Z'),
    });
    await createUser(handle.db, { email: 'olena@pult.test', status: 0, birthday: '1972-03-05' });
  }, 120_000);
  afterAll(() => handle?.close());

  it('holds every row of a small table, folded and as UTC days', async () => {
    const sample = await takeSample(handle.db, TARGET);
    expect(sample).toMatchObject({ size: 2, tableRows: 2 });
    // Rows keep their order across the fields: one row is column i of every field.
    const ivan = sample.values.get('email')?.indexOf('ivan.koval@pult.test') ?? -1;
    const olena = 1 - ivan;
    expect(sample.values.get('email')?.[olena]).toBe('olena@pult.test');
    expect(sample.values.get('status')?.[ivan]).toBe('1');
    expect(sample.values.get('status')?.[olena]).toBe('0');
    expect(sample.values.get('created_at')?.[ivan]).toBe('2026-01-07');
    expect(sample.values.get('birthday')?.[ivan]).toBeNull();
    expect(sample.values.get('birthday')?.[olena]).toBe('1972-03-05');
    expect(sample.values.get('language')?.[ivan]).toBe('uk-UA');
  });

  it('is taken in the background: none at first, then one; never inside a transaction', async () => {
    expect(currentSample(handle.db, TARGET)).toBeUndefined();
    await expect.poll(() => currentSample(handle.db, TARGET)?.size).toBe(2);
    await handle.db.transaction().execute(async (trx) => {
      expect(currentSample(trx, TARGET)).toBeUndefined();
    });
  });

  it('does not scan again on every request after a sample failed, only once a sample would be old', async () => {
    const late: SampleTarget = { ...TARGET, table: 'late_users' };
    const started = Date.now();
    expect(currentSample(handle.db, late, started)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await sql`create table late_users as select * from users`.execute(handle.db);
    // The table exists now, but the failure is recent: no new scan starts.
    expect(currentSample(handle.db, late, started + 1_000)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(currentSample(handle.db, late, started + 2_000)).toBeUndefined();
    // Ten minutes on, it is tried again and succeeds.
    const later = started + 11 * 60_000;
    currentSample(handle.db, late, later);
    await expect.poll(() => currentSample(handle.db, late, later)?.size).toBe(2);
  });
});

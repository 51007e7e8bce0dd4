import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase, testDatabaseKinds } from '../test/test-database.js';
import { detectTextOrder, fallbackSortKey, type TextOrder } from './text-order.js';

const UKRAINIAN = [
  'абетка',
  'Ганна',
  'Ґанок',
  'Ерика',
  'Єва',
  'Ира',
  'Іра',
  'Їжак',
  "Кам'янка",
  'Камінь',
  'Юрій',
  'Яна',
];
const ENGLISH = ['apple', 'Bob', 'eagle', 'Zed'];

describe.each(testDatabaseKinds())('name order on %s', (kind) => {
  let handle: DatabaseHandle;
  let order: TextOrder;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    order = await detectTextOrder(handle.db);
  });
  afterAll(() => handle?.close());

  const sorted = async (names: string[], by: (expr: RawBuilder<unknown>) => RawBuilder<unknown>) => {
    // Shuffled by reversing and rotating, so neither the input order nor byte order gives the answer.
    const input = [...names].reverse();
    input.push(...input.splice(0, 3));
    const values = sql.join(input.map((name) => sql`(${name})`));
    const { rows } = await sql<{ name: string }>`select name from (values ${values}) as v(name)
      order by ${by(sql.ref('name'))}`.execute(handle.db);
    return rows.map((row) => row.name);
  };

  it('uses ICU collations where the server has them, the fallback key otherwise', () => {
    const compiled = order(sql.ref('name'), 'uk-UA').compile(handle.db).sql;
    expect(compiled).toContain(kind === 'postgres' ? 'collate "uk-x-icu"' : 'translate(');
  });

  it('orders Ukrainian names by the alphabet: Ґ after Г, Є after Е, І and Ї after И', async () => {
    expect(await sorted(UKRAINIAN, (expr) => order(expr, 'uk-UA'))).toEqual(UKRAINIAN);
    expect(await sorted(UKRAINIAN, fallbackSortKey)).toEqual(UKRAINIAN);
  });

  it('orders English names with small and capital letters together', async () => {
    expect(await sorted(ENGLISH, (expr) => order(expr, 'en-US'))).toEqual(ENGLISH);
    expect(await sorted(ENGLISH, fallbackSortKey)).toEqual(ENGLISH);
  });

  it('agrees with the browser-side Intl.Collator of each language', async () => {
    const uk = [...UKRAINIAN].sort(new Intl.Collator('uk-UA').compare);
    expect(await sorted(UKRAINIAN, (expr) => order(expr, 'uk-UA'))).toEqual(uk);
  });
});

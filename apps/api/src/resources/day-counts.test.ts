import type { Condition } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.js';
import { openTestDatabase, testDatabaseKinds } from '../test/test-database.js';
import { type DayCounts, dayCountFilter, seekDay } from './day-counts.js';

const COUNTS: DayCounts = { table: 'users', dayField: 'created_at', bucketField: 'status' };
const plain = () => true;
const week: Condition = { field: 'created_at', type: 'date', from: '2026-01-01', to: '2026-01-07' };
const status = (value: number): Condition => ({ field: 'status', type: 'select', value });

describe('dayCountFilter', () => {
  it('counts a day range and a bucket', () => {
    expect(dayCountFilter(COUNTS, [week, status(1)], [], plain)).toEqual({
      from: '2026-01-01',
      to: '2026-01-07',
      buckets: ['1'],
    });
    expect(dayCountFilter(COUNTS, [], [], plain)).toEqual({});
  });

  it('sums the buckets of a scope set on the bucket field, narrowed by a bucket filter', () => {
    const sets = [{ field: 'status', values: [0, 1, 2] }];
    expect(dayCountFilter(COUNTS, [week], sets, plain)).toMatchObject({ buckets: ['0', '1', '2'] });
    expect(dayCountFilter(COUNTS, [status(1)], sets, plain)).toEqual({ buckets: ['1'] });
    expect(dayCountFilter(COUNTS, [status(4)], sets, plain)).toEqual({ buckets: [] });
  });

  it('does not count a set on another field, a text filter or a field with its own where', () => {
    expect(dayCountFilter(COUNTS, [], [{ field: 'language', values: ['uk-UA'] }], plain)).toBeUndefined();
    const text: Condition = { field: 'email', type: 'text', value: 'ko' };
    expect(dayCountFilter(COUNTS, [text], [], plain)).toBeUndefined();
    expect(dayCountFilter(COUNTS, [status(1)], [], () => false)).toBeUndefined();
  });
});

describe.each(testDatabaseKinds())('seekDay on %s', (kind) => {
  let handle: DatabaseHandle;
  /** Per user: its UTC day and status, as inserted (three months and a bit, uneven days). */
  let users: Array<{ day: string; status: number }> = [];

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    const { rows } = await sql<{ day: string; status: number }>`insert into users
        (email, first_name, last_name, status, created_at, password_hash)
      select 'seek' || i || '@x.io', 'Ivan', 'Franko', i % 3,
        timestamptz '2026-01-30 12:00:00+00' + ((i * i) % 97) * interval '1 day', 'not-used'
      from generate_series(1, 400) as i
      returning to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day, status::int as status`.execute(
      handle.db,
    );
    users = rows;
  }, 120_000);
  afterAll(() => handle?.close());

  /** The day of the match at `offset` in the direction, and the matches before that day, by hand. */
  function reference(direction: 'asc' | 'desc', buckets: number[] | undefined, offset: number) {
    const days = users
      .filter((user) => buckets === undefined || buckets.includes(user.status))
      .map((user) => user.day)
      .sort();
    if (direction === 'desc') days.reverse();
    const day = days[offset];
    return day === undefined ? undefined : { day, before: days.indexOf(day) };
  }

  it('finds the day of any offset, by months and then days, in both directions and for a bucket set', async () => {
    for (const direction of ['asc', 'desc'] as const)
      for (const buckets of [undefined, [1], [0, 2]])
        for (let offset = 0; offset <= 410; offset += 7) {
          const filter = buckets === undefined ? {} : { buckets: buckets.map(String) };
          const found = await seekDay(handle.db, COUNTS, filter, direction, offset);
          expect(found, `${direction} ${buckets} ${offset}`).toEqual(reference(direction, buckets, offset));
        }
  });
});

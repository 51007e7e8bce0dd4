import { LOCALES, type ReportResult, USER_STATUSES } from '@pult/contract';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, cachedPasswordHash, createCountry } from '../../../test/factories.js';
import { fetchReport, PICKED_ROWS, periodArbitrary, reportDays } from '../../../test/report-cells.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

/**
 * The Users report against `count(*)` over the users table, after random inserts, updates that move
 * users between groups (status, country, language, sign-up time) and deletes: whatever the writes, the
 * rollups hold what a scan would count, cut at the midnights of zones offset by whole, half and
 * three-quarter hours, across DST changes (Kyiv's on 2025-10-26, St John's on 2025-11-02).
 */

const NUM_RUNS = Number(process.env.REPORT_PROPERTY_RUNS ?? 25);
const FIRST = Date.UTC(2025, 9, 15);
const SPAN_HOURS = 30 * 24;
const DAYS = reportDays(FIRST);

type Write =
  | {
      kind: 'insert';
      count: number;
      hour: number;
      minute: number;
      spread: number;
      country: number;
      status: number;
    }
  | { kind: 'status'; modulo: number; rest: number; status: number }
  | { kind: 'move'; modulo: number; rest: number; hours: number; country: number; language: number }
  | { kind: 'delete'; modulo: number; rest: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    count: fc.integer({ min: 1, max: 40 }),
    hour: fc.nat({ max: SPAN_HOURS }),
    minute: fc.nat({ max: 59 }),
    spread: fc.integer({ min: 1, max: 300 }),
    country: fc.nat({ max: 3 }),
    status: fc.constantFrom(...USER_STATUSES),
  }),
  fc.record({
    kind: fc.constant('status' as const),
    ...PICKED_ROWS,
    status: fc.constantFrom(...USER_STATUSES),
  }),
  fc.record({
    kind: fc.constant('move' as const),
    ...PICKED_ROWS,
    hours: fc.integer({ min: -72, max: 72 }),
    country: fc.nat({ max: 3 }),
    language: fc.nat({ max: 1 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), ...PICKED_ROWS }),
);

const query = fc.record({
  period: periodArbitrary(DAYS),
  split: fc.constantFrom('none', 'country', 'language'),
  country: fc.option(fc.nat({ max: 3 }), { nil: undefined }),
  language: fc.option(fc.constantFrom(...LOCALES), { nil: undefined }),
});

describe.each(testDatabaseKinds())('the Users report equals count(*) on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let hash: string;
  /** Index 0 is "no country". */
  let countries: (number | null)[];
  let sequence = 0;
  /** Status changes the writes made, per new status: the changes have no raw rows to count. */
  const changes = new Map<number, number>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = await adminHeaders(t);
    hash = await cachedPasswordHash('report-property');
    countries = [null, ...(await Promise.all([1, 2, 3].map(async () => (await createCountry(t.db)).id)))];
  });
  afterAll(() => t?.close());

  async function apply(step: Write): Promise<void> {
    const picks = 'modulo' in step ? sql`id % ${step.modulo} = ${step.rest % step.modulo}` : sql``;
    switch (step.kind) {
      case 'insert': {
        sequence += 1;
        const at = new Date(FIRST + step.hour * 3_600_000 + step.minute * 60_000);
        await sql`insert into users (email, password_hash, status, country_id, language, created_at)
          select 'p' || ${sequence} || '-' || i || '@pult.test', ${hash}, ${step.status}, ${countries[step.country]},
            (array['uk-UA', 'en-US'])[1 + i % 2], ${at}::timestamptz + i * ${step.spread} * interval '1 minute'
          from generate_series(1, ${step.count}) as i`.execute(t.db);
        return;
      }
      case 'status': {
        await t.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from users where ${picks} and status <> ${step.status}`.execute(trx);
          await sql`update users set status = ${step.status} where ${picks}`.execute(trx);
          changes.set(step.status, (changes.get(step.status) ?? 0) + (rows[0]?.n ?? 0));
        });
        return;
      }
      case 'move':
        await sql`update users set created_at = created_at + ${step.hours} * interval '1 hour',
          country_id = ${countries[step.country]}, language = ${LOCALES[step.language]} where ${picks}`.execute(
          t.db,
        );
        return;
      case 'delete':
        await sql`delete from users where ${picks}`.execute(t.db);
    }
  }

  it('after any writes, for any period, grouping, zone, split and filter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 4 }), query, async (writes, asked) => {
        for (const step of writes) await apply(step);
        const { from, to, group, tz } = asked.period;
        const country = asked.country === undefined ? undefined : countries[asked.country];
        const params = new URLSearchParams({
          ...asked.period,
          split: asked.split,
          ...(country ? { country: String(country) } : {}),
          ...(asked.language ? { language: asked.language } : {}),
        });
        const result = await fetchReport(t, `/auth/admin/reports/users?${params}`, auth);

        const key =
          asked.split === 'country'
            ? sql`coalesce(country_id, 0)::text`
            : asked.split === 'language'
              ? sql`language`
              : sql`'all'`;
        // No country filter for the "no country" pick: the API takes positive ids only.
        const { rows } = await sql<{ bucket: string; key: string; n: number; active: number }>`
          select to_char(date_trunc(${group}, created_at at time zone ${tz}), 'YYYY-MM-DD') as bucket,
            ${key} as key, count(*)::int as n, (count(*) filter (where status = 1))::int as active
          from users
          where created_at >= (${from}::date)::timestamp at time zone ${tz}
            and created_at < (${to}::date + 1)::timestamp at time zone ${tz}
            ${country ? sql`and country_id = ${country}` : sql``}
            ${asked.language ? sql`and language = ${asked.language}` : sql``}
          group by 1, 2`.execute(t.db);
        const expected = (
          pick: (row: (typeof rows)[number]) => number,
          keyOf: (row: (typeof rows)[number]) => string,
        ) => {
          const cells: Record<string, number> = {};
          for (const row of rows) {
            const cell = `${keyOf(row)}@${row.bucket}`;
            if (pick(row) > 0) cells[cell] = (cells[cell] ?? 0) + pick(row);
          }
          return cells;
        };
        const actual = (id: string) => {
          const cells: Record<string, number> = {};
          for (const series of result.sections.find((section) => section.id === id)?.series ?? [])
            series.values.forEach((value, index) => {
              if (value !== null && value > 0) cells[`${series.key}@${result.buckets[index]}`] = value;
            });
          return cells;
        };
        expect(actual('signups')).toEqual(
          expected(
            (row) => row.n,
            (row) => row.key,
          ),
        );
        const retention = actual('retention');
        expect(
          Object.fromEntries(Object.entries(retention).filter(([cell]) => cell.startsWith('signedUp@'))),
        ).toEqual(
          expected(
            (row) => row.n,
            () => 'signedUp',
          ),
        );
        expect(
          Object.fromEntries(Object.entries(retention).filter(([cell]) => cell.startsWith('activeNow@'))),
        ).toEqual(
          expected(
            (row) => row.active,
            () => 'activeNow',
          ),
        );
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it('counts every status change the writes made', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/reports/users?preset=last-7-days&tz=Pacific/Kiritimati',
      headers: auth,
    });
    const series = response
      .json<ReportResult>()
      .sections.find((section) => section.id === 'statusChanges')?.series;
    expect(Object.fromEntries((series ?? []).map((entry) => [entry.key, entry.total]))).toEqual(
      Object.fromEntries(USER_STATUSES.map((status) => [String(status), changes.get(status) ?? 0])),
    );
  });
});

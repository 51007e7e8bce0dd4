import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../../test/factories.js';
import {
  fetchReport,
  PICKED_ROWS,
  periodArbitrary,
  reportCells,
  reportDays,
  sqlCells,
} from '../../../test/report-cells.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

/**
 * The Errors report against `storage_error_groups`: new groups by first seen equal `count(*)`; every
 * resolution the writes made is counted when it was made, and the mean time to resolve equals `avg`
 * over them, each timed from its episode's start (a group reopened by a new occurrence starts a new
 * one); every reopening (resolved → open) is counted; after random inserts, resolutions, reopenings,
 * moves of first seen and deletes (pruning), which take no resolution back.
 */

const NUM_RUNS = Number(process.env.REPORT_PROPERTY_RUNS ?? 25);
const FIRST = Date.UTC(2025, 9, 15);
const DAYS = reportDays(FIRST);

type Write =
  | { kind: 'insert'; count: number; hour: number; spread: number; service: number }
  | { kind: 'resolve'; modulo: number; rest: number; hours: number }
  | { kind: 'reopen'; modulo: number; rest: number }
  | { kind: 'move'; modulo: number; rest: number; hours: number }
  | { kind: 'delete'; modulo: number; rest: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    count: fc.integer({ min: 1, max: 30 }),
    hour: fc.nat({ max: 30 * 24 }),
    spread: fc.integer({ min: 1, max: 300 }),
    service: fc.nat({ max: 1 }),
  }),
  fc.record({
    kind: fc.constant('resolve' as const),
    ...PICKED_ROWS,
    hours: fc.integer({ min: 0, max: 200 }),
  }),
  fc.record({ kind: fc.constant('reopen' as const), ...PICKED_ROWS }),
  fc.record({ kind: fc.constant('move' as const), ...PICKED_ROWS, hours: fc.integer({ min: -72, max: 72 }) }),
  fc.record({ kind: fc.constant('delete' as const), ...PICKED_ROWS }),
);

describe.each(testDatabaseKinds())('the Errors report equals count(*) on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let services: number[];
  let sequence = 0;
  let reopened = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = await adminHeaders(t);
    const { rows } = await sql<{ id: number }>`insert into storage_log_names (kind, name)
      values ('service', 'report-api'), ('service', 'report-web') returning id`.execute(t.db);
    services = rows.map((row) => Number(row.id));
    // Every resolution the writes make, as the test saw it: the reference the report is held to.
    await sql`create table test_resolutions (service_id bigint, resolved_at timestamptz, seconds bigint)`.execute(
      t.db,
    );
  });
  afterAll(() => t?.close());

  async function apply(step: Write): Promise<void> {
    const picks = 'modulo' in step ? sql`id % ${step.modulo} = ${step.rest % step.modulo}` : sql``;
    switch (step.kind) {
      case 'insert': {
        sequence += 1;
        const at = new Date(FIRST + step.hour * 3_600_000);
        await sql`insert into storage_error_groups (fingerprint, service_id, level, message, count, first_seen, last_seen)
          select 'f' || ${sequence} || '-' || i, ${services[step.service]}, 'error', 'Boom', 1,
            ${at}::timestamptz + i * ${step.spread} * interval '1 minute', now()
          from generate_series(1, ${step.count}) as i`.execute(t.db);
        return;
      }
      case 'resolve':
        // Resolved some hours and seconds into its episode, as the panel's triage does at its time.
        await sql`with done as (
            update storage_error_groups set status = 'resolved',
              resolved_at = coalesce(opened_at, first_seen) + ${step.hours} * interval '1 hour' + id * interval '17 seconds'
            where ${picks} and status = 'open'
            returning service_id, resolved_at, coalesce(opened_at, first_seen) as opened
          )
          insert into test_resolutions
          select service_id, resolved_at, floor(extract(epoch from resolved_at - opened)) from done`.execute(
          t.db,
        );
        return;
      case 'reopen': {
        const { rows } = await sql<{
          id: number;
        }>`update storage_error_groups set status = 'open', resolved_at = null, count = count + 1,
            opened_at = resolved_at + interval '1 hour'
          where ${picks} and status = 'resolved' returning id`.execute(t.db);
        reopened += rows.length;
        return;
      }
      case 'move':
        await sql`update storage_error_groups set first_seen = first_seen + ${step.hours} * interval '1 hour'
          where ${picks} and status = 'open'`.execute(t.db);
        return;
      case 'delete':
        await sql`delete from storage_error_groups where ${picks}`.execute(t.db);
    }
  }

  it('after any writes, for any period, grouping, zone and service', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 4 }),
        periodArbitrary(DAYS),
        fc.option(fc.nat({ max: 1 }), { nil: undefined }),
        async (writes, period, pick) => {
          for (const step of writes) await apply(step);
          const service = pick === undefined ? undefined : services[pick];
          const params = new URLSearchParams({ ...period, ...(service ? { service: String(service) } : {}) });
          const result = await fetchReport(t, `/auth/admin/reports/errors?${params}`, auth);
          const counted = async (table: 'storage_error_groups' | 'test_resolutions', column: string) =>
            (
              await sql<{ bucket: string; key: string; n: number; seconds: string }>`
                select to_char(date_trunc(${period.group}, ${sql.ref(column)} at time zone ${period.tz}), 'YYYY-MM-DD') as bucket,
                  service_id::text as key, count(*)::int as n,
                  ${table === 'test_resolutions' ? sql`sum(seconds)::text` : sql`'0'`} as seconds
                from ${sql.table(table)}
                where ${sql.ref(column)} >= (${period.from}::date)::timestamp at time zone ${period.tz}
                  and ${sql.ref(column)} < (${period.to}::date + 1)::timestamp at time zone ${period.tz}
                  ${service ? sql`and service_id = ${service}` : sql``}
                group by 1, 2`.execute(t.db)
            ).rows;
          expect(reportCells(result, 'newGroups')).toEqual(
            sqlCells(await counted('storage_error_groups', 'first_seen')),
          );
          const resolved = await counted('test_resolutions', 'resolved_at');
          expect(reportCells(result, 'resolved')).toEqual(sqlCells(resolved));
          // The mean per bucket over every service: seconds and groups summed, then divided.
          const perBucket = new Map<string, { n: number; seconds: number }>();
          for (const row of resolved) {
            const sum = perBucket.get(row.bucket) ?? { n: 0, seconds: 0 };
            perBucket.set(row.bucket, { n: sum.n + row.n, seconds: sum.seconds + Number(row.seconds) });
          }
          const means = Object.fromEntries(
            [...perBucket]
              .map(([bucket, sum]) => [`average@${bucket}`, Math.round(sum.seconds / sum.n)])
              .filter(([, seconds]) => seconds !== 0),
          );
          expect(reportCells(result, 'timeToResolve')).toEqual(means);
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });

  it('counts every reopening the writes made, when it was made', async () => {
    // An administrator's Reopen (no new occurrence) is no recurrence.
    await sql`update storage_error_groups set status = 'resolved', resolved_at = last_seen where status = 'open'`.execute(
      t.db,
    );
    await sql`update storage_error_groups set status = 'open', resolved_at = null`.execute(t.db);
    const today = new Date().toISOString().slice(0, 10);
    const result = await fetchReport(t, `/auth/admin/reports/errors?from=${today}&to=${today}&tz=UTC`, auth);
    const series = result.sections.find((section) => section.id === 'reopened')?.series ?? [];
    expect(series.reduce((sum, entry) => sum + (entry.total ?? 0), 0)).toBe(reopened);
  });
});

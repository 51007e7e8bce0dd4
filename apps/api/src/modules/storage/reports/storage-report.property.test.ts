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
 * The Storage report's files and bytes against `count(*)` and `sum(size)` over `storage_files`, after
 * random inserts, replacements (a new size), moves (another bucket, another time ± 72 h) and deletes,
 * for any period, grouping, zone and bucket filter.
 */

const NUM_RUNS = Number(process.env.REPORT_PROPERTY_RUNS ?? 25);
const FIRST = Date.UTC(2025, 9, 15);
const DAYS = reportDays(FIRST);

type Write =
  | { kind: 'insert'; count: number; hour: number; spread: number; bucket: number; size: number }
  | { kind: 'resize'; modulo: number; rest: number; size: number }
  | { kind: 'move'; modulo: number; rest: number; hours: number; bucket: number }
  | { kind: 'delete'; modulo: number; rest: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    count: fc.integer({ min: 1, max: 30 }),
    hour: fc.nat({ max: 30 * 24 }),
    spread: fc.integer({ min: 1, max: 300 }),
    bucket: fc.nat({ max: 2 }),
    size: fc.nat({ max: 5_000_000 }),
  }),
  fc.record({ kind: fc.constant('resize' as const), ...PICKED_ROWS, size: fc.nat({ max: 5_000_000 }) }),
  fc.record({
    kind: fc.constant('move' as const),
    ...PICKED_ROWS,
    hours: fc.integer({ min: -72, max: 72 }),
    bucket: fc.nat({ max: 2 }),
  }),
  fc.record({ kind: fc.constant('delete' as const), ...PICKED_ROWS }),
);

describe.each(testDatabaseKinds())('the Storage report equals count(*) on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  let buckets: number[];
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = await adminHeaders(t);
    const { rows } = await sql<{ id: number }>`
      insert into storage_buckets (name, access, size_limit_mb, presign_expiry_seconds)
      select 'report-' || i, 'private', 10, 600 from generate_series(1, 3) as i returning id`.execute(t.db);
    buckets = rows.map((row) => Number(row.id));
  });
  afterAll(() => t?.close());

  async function apply(step: Write): Promise<void> {
    const picks = 'modulo' in step ? sql`id % ${step.modulo} = ${step.rest % step.modulo}` : sql``;
    switch (step.kind) {
      case 'insert': {
        sequence += 1;
        const at = new Date(FIRST + step.hour * 3_600_000);
        await sql`insert into storage_files (bucket_id, path, size, mime_type, blob_key, created_at, updated_at)
          select ${buckets[step.bucket]}, 'p' || ${sequence} || '-' || i, (${step.size} * i) % 7000001, 'text/plain',
            'k' || ${sequence} || '-' || i, ${at}::timestamptz + i * ${step.spread} * interval '1 minute', now()
          from generate_series(1, ${step.count}) as i`.execute(t.db);
        return;
      }
      case 'resize':
        await sql`update storage_files set size = ${step.size} where ${picks}`.execute(t.db);
        return;
      case 'move':
        await sql`update storage_files set created_at = created_at + ${step.hours} * interval '1 hour',
          bucket_id = ${buckets[step.bucket]} where ${picks}`.execute(t.db);
        return;
      case 'delete':
        await sql`delete from storage_files where ${picks}`.execute(t.db);
    }
  }

  it('after any writes, for any period, grouping, zone and bucket', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(write, { minLength: 1, maxLength: 4 }),
        periodArbitrary(DAYS),
        fc.option(fc.nat({ max: 2 }), { nil: undefined }),
        async (writes, period, pick) => {
          for (const step of writes) await apply(step);
          const bucket = pick === undefined ? undefined : buckets[pick];
          const params = new URLSearchParams({ ...period, ...(bucket ? { bucket: String(bucket) } : {}) });
          const result = await fetchReport(t, `/auth/admin/reports/storage?${params}`, auth);
          const { rows } = await sql<{ bucket: string; key: string; files: number; bytes: string }>`
            select to_char(date_trunc(${period.group}, created_at at time zone ${period.tz}), 'YYYY-MM-DD') as bucket,
              bucket_id::text as key, count(*)::int as files, sum(size)::text as bytes
            from storage_files
            where created_at >= (${period.from}::date)::timestamp at time zone ${period.tz}
              and created_at < (${period.to}::date + 1)::timestamp at time zone ${period.tz}
              ${bucket ? sql`and bucket_id = ${bucket}` : sql``}
            group by 1, 2`.execute(t.db);
          expect(reportCells(result, 'files')).toEqual(
            sqlCells(rows.map((row) => ({ ...row, n: row.files }))),
          );
          expect(reportCells(result, 'bytes')).toEqual(
            sqlCells(rows.map((row) => ({ ...row, n: row.bytes }))),
          );
        },
      ),
      { numRuns: NUM_RUNS },
    );
  });
});

import { DELIVERY_FAILURE_REASONS, type ReportResult } from '@pult/contract';
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
import { LATENCY_BOUNDS } from './latency-buckets.js';

/**
 * The Delivery report's configurations, failure reasons and latency against the queue itself: messages
 * per configuration (the one an attempt recorded, else the planned one) and failed messages per class
 * equal `count(*)` over `email_queue`, each configuration named as it is now (`#id` once deleted);
 * p50/p95 per bucket (and for the period) equal the nearest-rank percentile of the raw rows' times from queued to sent, read as the upper bound of the
 * histogram bucket it falls in; after random inserts, sends, failures, retries, cancellations, moves of
 * the queued time and deletes.
 */

const NUM_RUNS = Number(process.env.REPORT_PROPERTY_RUNS ?? 25);
const FIRST = Date.UTC(2025, 9, 15);
const DAYS = reportDays(FIRST);
const CHANNELS = ['email', 'sms', 'push'] as const;
const TEMPLATES = ['welcome', 'reset'] as const;
/** Seconds per step of a sent message's latency (the id's remainder by 50 steps): exact bounds included. */
const STEPS = [1, 7, 60, 900, 3600, 21_600] as const;
/** Classes a failure writes, null as a failure from before the classes were stored. */
const REASONS = [...DELIVERY_FAILURE_REASONS, null];
/** A template's configuration: the default one (null), a stored one (its id is set in `beforeAll`), a deleted one. */
const PLANNED: (number | null)[] = [null, 0, 998];
/** What an attempt recorded: a stored configuration, a deleted one, the other e-mail ways, none (null). */
const VIA: (string | null)[] = ['sms:0', 'push:0', 'smtp:999', 'SMTP_URL', 'outbox', null];

/** The key the report counts a message under, stated apart from the migration's SQL. */
function configKey(row: { via_config: string | null; channel: string; config_id: string | null }): string {
  if (row.via_config !== null) return row.via_config;
  return `${row.channel}:${row.channel === 'email' ? 'default' : (row.config_id ?? 'default')}`;
}

type Write =
  | {
      kind: 'insert';
      count: number;
      hour: number;
      spread: number;
      channel: number;
      template: number;
      config: number;
    }
  | { kind: 'send'; modulo: number; rest: number; step: number; via: number }
  | { kind: 'fail'; modulo: number; rest: number; shift: number; via: number }
  | { kind: 'retry' | 'cancel' | 'delete'; modulo: number; rest: number }
  | { kind: 'move'; modulo: number; rest: number; hours: number };

const write: fc.Arbitrary<Write> = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    count: fc.integer({ min: 1, max: 30 }),
    hour: fc.nat({ max: 30 * 24 }),
    spread: fc.integer({ min: 1, max: 300 }),
    channel: fc.nat({ max: CHANNELS.length - 1 }),
    template: fc.nat({ max: TEMPLATES.length - 1 }),
    config: fc.nat({ max: PLANNED.length - 1 }),
  }),
  fc.record({
    kind: fc.constant('send' as const),
    ...PICKED_ROWS,
    step: fc.nat({ max: STEPS.length - 1 }),
    via: fc.nat({ max: VIA.length - 2 }),
  }),
  fc.record({
    kind: fc.constant('fail' as const),
    ...PICKED_ROWS,
    shift: fc.nat({ max: REASONS.length - 1 }),
    via: fc.nat({ max: VIA.length - 1 }),
  }),
  fc.record({
    kind: fc.constantFrom('retry' as const, 'cancel' as const, 'delete' as const),
    ...PICKED_ROWS,
  }),
  fc.record({ kind: fc.constant('move' as const), ...PICKED_ROWS, hours: fc.integer({ min: -72, max: 72 }) }),
);

/** The raw latencies' nearest-rank percentile, mapped to its histogram bucket's upper bound; none: null. */
function expectedPercentile(seconds: readonly number[], p: number): number | null {
  if (seconds.length === 0) return null;
  const sorted = [...seconds].sort((a, b) => a - b);
  const value = sorted[Math.ceil(p * sorted.length) - 1] ?? 0;
  const upper = LATENCY_BOUNDS.find((bound) => value < bound);
  return upper ?? Math.max(...LATENCY_BOUNDS);
}

describe.each(testDatabaseKinds())(
  'the Delivery report’s configurations, failures and latency equal the queue on %s',
  (kind) => {
    let t: TestApp;
    let auth: Record<string, string>;
    let sequence = 0;

    /** The stored configurations' names by key, to compare the series' labels with. */
    const names = new Map<string, string>();

    beforeAll(async () => {
      t = await createTestApp(kind);
      auth = await adminHeaders(t);
      const sms = await sql<{ id: string }>`insert into sms_configs (name, provider)
        values ('Main SMS', 'twilio') returning id::text as id`.execute(t.db);
      const push = await sql<{ id: string }>`insert into push_configs (name, provider)
        values ('Firebase', 'fcm') returning id::text as id`.execute(t.db);
      const smsId = sms.rows[0]?.id ?? '';
      const pushId = push.rows[0]?.id ?? '';
      PLANNED[1] = Number(smsId);
      VIA[0] = `sms:${smsId}`;
      VIA[1] = `push:${pushId}`;
      names.set(`sms:${smsId}`, 'Main SMS').set(`push:${pushId}`, 'Firebase');
    });
    afterAll(() => t?.close());

    async function apply(step: Write): Promise<void> {
      const picks = 'modulo' in step ? sql`id % ${step.modulo} = ${step.rest % step.modulo}` : sql``;
      switch (step.kind) {
        case 'insert': {
          sequence += 1;
          const at = new Date(FIRST + step.hour * 3_600_000);
          await sql`insert into email_queue (email_to, template_name, message_id, subject, status, channel,
            config_id, next_attempt_at, created_at, updated_at)
          select 'p' || i || '@pult.test', ${TEMPLATES[step.template]}, 'pm' || ${sequence} || '-' || i || '@pult.test',
            'Hi', 'pending', ${CHANNELS[step.channel]}, ${PLANNED[step.config] ?? null}, now(),
            ${at}::timestamptz + i * ${step.spread} * interval '1 minute', now()
          from generate_series(1, ${step.count}) as i`.execute(t.db);
          return;
        }
        case 'send':
          await sql`update email_queue set status = 'sent', failure_reason = null, via_config = ${VIA[step.via] ?? null},
            sent_at = created_at + (id % 50) * ${STEPS[step.step]} * interval '1 second'
          where ${picks} and status in ('pending', 'failed')`.execute(t.db);
          return;
        case 'fail':
          // Pending rows of the other half get a class too, as a retried attempt leaves one: not counted.
          await sql`update email_queue set failure_reason = (${sql.val(REASONS)}::text[])[1 + (id + ${step.shift}) % ${REASONS.length}],
            status = case when id % 2 = 0 then 'failed' else status end, via_config = ${VIA[step.via] ?? null}
          where ${picks} and status = 'pending'`.execute(t.db);
          return;
        case 'retry':
          await sql`update email_queue set status = 'pending' where ${picks} and status = 'failed'`.execute(
            t.db,
          );
          return;
        case 'cancel':
          await sql`update email_queue set status = 'cancelled' where ${picks} and status = 'pending'`.execute(
            t.db,
          );
          return;
        case 'move':
          await sql`update email_queue set created_at = created_at + ${step.hours} * interval '1 hour'
          where ${picks}`.execute(t.db);
          return;
        case 'delete':
          await sql`delete from email_queue where ${picks}`.execute(t.db);
      }
    }

    const filters = fc.record(
      {
        channel: fc.constantFrom(...CHANNELS),
        template: fc.constantFrom(...TEMPLATES),
        status: fc.constantFrom('sent', 'failed', 'pending'),
      },
      { requiredKeys: [] },
    );

    it('after any writes, for any period, grouping, zone and filter', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(write, { minLength: 1, maxLength: 4 }),
          periodArbitrary(DAYS),
          filters,
          async (writes, period, filter) => {
            for (const step of writes) await apply(step);
            const params = new URLSearchParams({ ...period, ...filter });
            const result = await fetchReport(t, `/auth/admin/reports/delivery?${params}`, auth);
            const rowsOf = async (status: 'sent' | 'failed') =>
              filter.status !== undefined && filter.status !== status
                ? []
                : (
                    await sql<{ bucket: string; reason: string; seconds: string }>`
                    select to_char(date_trunc(${period.group}, created_at at time zone ${period.tz}), 'YYYY-MM-DD') as bucket,
                      coalesce(failure_reason, 'other') as reason,
                      extract(epoch from sent_at - created_at)::text as seconds
                    from email_queue
                    where status = ${status}
                      and created_at >= (${period.from}::date)::timestamp at time zone ${period.tz}
                      and created_at < (${period.to}::date + 1)::timestamp at time zone ${period.tz}
                      ${filter.channel ? sql`and channel = ${filter.channel}` : sql``}
                      ${filter.template ? sql`and template_name = ${filter.template}` : sql``}`.execute(t.db)
                  ).rows;
            const failed = await rowsOf('failed');
            expect(reportCells(result, 'failureReasons')).toEqual(
              sqlCells(failed.map((row) => ({ bucket: row.bucket, key: row.reason, n: 1 }))),
            );
            expectRanked(result);
            expectLatency(result, await rowsOf('sent'));
            const queued = await sql<{
              bucket: string;
              via_config: string | null;
              channel: string;
              config_id: string | null;
            }>`
              select to_char(date_trunc(${period.group}, created_at at time zone ${period.tz}), 'YYYY-MM-DD') as bucket,
                via_config, channel, config_id::text as config_id
              from email_queue
              where created_at >= (${period.from}::date)::timestamp at time zone ${period.tz}
                and created_at < (${period.to}::date + 1)::timestamp at time zone ${period.tz}
                ${filter.status ? sql`and status = ${filter.status}` : sql``}
                ${filter.channel ? sql`and channel = ${filter.channel}` : sql``}
                ${filter.template ? sql`and template_name = ${filter.template}` : sql``}`.execute(t.db);
            expect(reportCells(result, 'byConfig')).toEqual(
              sqlCells(queued.rows.map((row) => ({ bucket: row.bucket, key: configKey(row), n: 1 }))),
            );
            expectConfigLabels(result, names);
          },
        ),
        { numRuns: NUM_RUNS },
      );
    });
  },
);

/** The failure classes come largest total first. */
function expectRanked(result: ReportResult): void {
  const totals = result.sections
    .find((section) => section.id === 'failureReasons')
    ?.series.map((s) => s.total);
  expect(totals).toEqual([...(totals ?? [])].sort((a, b) => (b ?? 0) - (a ?? 0)));
}

/** p50 and p95 per bucket and for the whole period, from the raw latencies. */
function expectLatency(result: ReportResult, sent: readonly { bucket: string; seconds: string }[]): void {
  const section = result.sections.find((entry) => entry.id === 'latency');
  expect(section?.totals).toBe('period');
  const all = sent.map((row) => Number(row.seconds));
  for (const [key, p] of [
    ['p50', 0.5],
    ['p95', 0.95],
  ] as const) {
    const series = section?.series.find((entry) => entry.key === key);
    const perBucket = result.buckets.map((bucket) =>
      expectedPercentile(
        sent.filter((row) => row.bucket === bucket).map((row) => Number(row.seconds)),
        p,
      ),
    );
    expect(series?.values).toEqual(perBucket);
    expect(series?.total).toBe(expectedPercentile(all, p));
  }
}

/** A stored configuration is named as it is now, a deleted one `#id`, the rest by the panel's texts. */
function expectConfigLabels(result: ReportResult, names: ReadonlyMap<string, string>): void {
  for (const series of result.sections.find((section) => section.id === 'byConfig')?.series ?? []) {
    const id = /^(?:smtp|sms|push):(\d+)$/.exec(series.key)?.[1];
    expect(series.label).toBe(names.get(series.key) ?? (id ? `#${id}` : null));
  }
}

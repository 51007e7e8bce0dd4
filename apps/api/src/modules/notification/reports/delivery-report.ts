import {
  deliveryReportQuerySchema,
  EMAIL_STATUSES,
  type EmailStatus,
  emailQueueResource,
  QUEUE_CHANNELS,
  type ReportSection,
  type ReportSeries,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { defineReport, type ReportFrame, type ReportSource } from '../../../reports/report-source.js';
import { type BucketRow, bucketCounts, toSeries } from '../../../reports/rollup-sql.js';
import { histogramPercentile, LATENCY_BOUNDS } from './latency-buckets.js';

type DeliveryQuery = ReturnType<typeof deliveryReportQuerySchema.parse>;

/** The channel and template filters, which every delivery rollup has as columns. */
function channelFilters(query: DeliveryQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (query.channel !== undefined) parts.push(sql`and channel = ${query.channel}`);
  if (query.template !== undefined) parts.push(sql`and template_name = ${query.template}`);
  return sql.join(parts, sql` `);
}

/**
 * The filters on a rollup of the messages of one outcome (failed, sent): an outcome filter that names
 * another leaves it empty.
 */
function outcomeFilters(query: DeliveryQuery, outcome: EmailStatus): RawBuilder<unknown> {
  const other = query.status !== undefined && query.status !== outcome;
  return sql`${channelFilters(query)} ${other ? sql`and false` : sql``}`;
}

function filtersOf(query: DeliveryQuery): RawBuilder<unknown> {
  return sql`${channelFilters(query)} ${query.status === undefined ? sql`` : sql`and status = ${query.status}`}`;
}

/** The tables of the configurations a `byConfig` key may name by id (`smtp:3`, `sms:5`, `push:2`). */
const CONFIG_TABLES = { smtp: 'smtp_configs', sms: 'sms_configs', push: 'push_configs' } as const;

type ConfigKind = keyof typeof CONFIG_TABLES;

/** The ids a kind's keys name (`sms:5` → 5 for `sms`). */
function configIds(keys: readonly string[], kind: ConfigKind): number[] {
  const prefix = `${kind}:`;
  return keys
    .filter((key) => key.startsWith(prefix) && /^\d+$/.test(key.slice(prefix.length)))
    .map((key) => Number(key.slice(prefix.length)));
}

/**
 * The configurations' names as they are now, for the keys that name one by id; a deleted one is
 * `#<id>`. The other keys (`SMTP_URL`, `outbox`, `<channel>:default`) are named by the panel's texts.
 */
async function configLabels(db: Db, keys: readonly string[]): Promise<Map<string, string>> {
  const labels = new Map<string, string>();
  for (const [kind, table] of Object.entries(CONFIG_TABLES) as [ConfigKind, string][]) {
    const ids = configIds(keys, kind);
    if (ids.length === 0) continue;
    const { rows } = await sql<{ id: string; name: string }>`
      select id::text as id, name from ${sql.table(table)} where id = any(${ids}::bigint[])`.execute(db);
    const names = new Map(rows.map((row) => [row.id, row.name]));
    for (const id of ids) labels.set(`${kind}:${id}`, names.get(String(id)) ?? `#${id}`);
  }
  return labels;
}

const byKey = (rows: readonly BucketRow[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));

const PERCENTILES = [
  ['p50', 0.5],
  ['p95', 0.95],
] as const;

/** Each report bucket's histogram (counts per latency bucket), and the whole period's as the last. */
function histograms(frame: ReportFrame, rows: readonly BucketRow[]): number[][] {
  const empty = () => Array.from({ length: LATENCY_BOUNDS.length + 1 }, () => 0);
  const perBucket = frame.buckets.map(empty);
  const period = empty();
  const position = new Map(frame.buckets.map((bucket, index) => [bucket, index]));
  for (const row of rows) {
    const histogram = perBucket[position.get(row.bucket) ?? -1];
    if (!histogram) continue;
    const latency = Number(row.key);
    histogram[latency] = (histogram[latency] ?? 0) + Number(row.n);
    period[latency] = (period[latency] ?? 0) + Number(row.n);
  }
  return [...perBucket, period];
}

/**
 * p50 and p95 of the time from queued to sent, in seconds, per bucket and for the whole period (its
 * histograms summed, not the buckets' percentiles): each the upper bound of the histogram bucket the
 * percentile falls in, so accurate to that bucket.
 */
function latencySeries(frame: ReportFrame, rows: readonly BucketRow[]): ReportSeries[] {
  const all = histograms(frame, rows);
  const period = all.pop() ?? [];
  return PERCENTILES.map(([key, p]) => ({
    key,
    label: null,
    values: all.map((histogram) => histogramPercentile(histogram, p)),
    total: histogramPercentile(period, p),
  }));
}

/**
 * Delivery: e-mails, SMS and push messages by the period they were queued in, per outcome (sent,
 * failed, cancelled, still pending), per channel, per template and per configuration that carried
 * them (or is to: docs/architecture.md, "Reports", `byConfig`); the failed ones by the class of
 * their last failure, most frequent first; and the time from queued to sent of the sent ones (p50, p95).
 */
export function deliveryReport(db: Db): ReportSource {
  return defineReport({
    id: 'delivery',
    service: 'notification',
    resource: emailQueueResource,
    query: deliveryReportQuerySchema,
    async sections(query, frame): Promise<ReportSection[]> {
      const by = async (id: string, key: RawBuilder<string>, keys: readonly string[] = []) => ({
        id,
        series: toSeries(
          await bucketCounts(db, frame, { rollup: 'report_deliveries', key, where: filtersOf(query) }),
          frame.buckets,
          keys,
        ),
      });
      const [configs, failures, latency, ...counts] = await Promise.all([
        bucketCounts(db, frame, {
          rollup: 'report_delivery_configs',
          key: sql<string>`config`,
          where: filtersOf(query),
        }),
        bucketCounts(db, frame, {
          rollup: 'report_delivery_failures',
          key: sql<string>`reason`,
          where: outcomeFilters(query, 'failed'),
        }),
        bucketCounts(db, frame, {
          rollup: 'report_delivery_latency',
          key: sql<string>`bucket::text`,
          where: outcomeFilters(query, 'sent'),
        }),
        by('byStatus', sql<string>`status`, EMAIL_STATUSES),
        by('byChannel', sql<string>`channel`, QUEUE_CHANNELS),
        by('byTemplate', sql<string>`template_name`),
      ]);
      return [
        ...counts,
        {
          id: 'byConfig',
          // Largest total first, ties by key, as the failure classes below.
          series: toSeries(
            byKey(configs),
            frame.buckets,
            [],
            await configLabels(db, [...new Set(configs.map((row) => row.key))]),
          ),
        },
        // Ranked: the classes in the order of their totals, the largest first (none that is all zeros);
        // classes of equal totals by name, not in the order the database happened to answer them.
        { id: 'failureReasons', series: toSeries(byKey(failures), frame.buckets) },
        { id: 'latency', series: latencySeries(frame, latency), totals: 'period', unit: 'seconds' },
      ];
    },
  });
}

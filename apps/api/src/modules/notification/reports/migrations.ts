import { type Kysely, type Migration, sql } from 'kysely';
import {
  createReportSlotFunction,
  createSlotRollup,
  dailyRollupBeside,
} from '../../../reports/report-migrations.js';
import {
  defineSlotCountFunctions,
  type SlotCounts,
  trackSlotCounts,
} from '../../../reports/rollup-triggers.js';

const DELIVERIES: SlotCounts = {
  table: 'email_queue',
  rollup: 'report_deliveries',
  columns: ['channel', 'template_name', 'status'],
  values: sql`report_slot(created_at), channel, template_name, status`,
};

const FAILURES: SlotCounts = {
  table: 'email_queue',
  rollup: 'report_delivery_failures',
  columns: ['channel', 'template_name', 'reason'],
  // Failures from before the classes were stored have no class.
  values: sql`report_slot(created_at), channel, template_name, coalesce(failure_reason, 'other')`,
  where: sql`status = 'failed'`,
};

/**
 * As `LATENCY_BOUNDS` (latency-buckets.ts) held them when this migration was written; a migration stays
 * as it ran, so new bounds need a new one that rebuilds the rollup (the property test compares them).
 */
const LATENCY_BOUNDS = sql`array[1, 2, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200, 21600, 86400]::numeric[]`;

const LATENCY: SlotCounts = {
  table: 'email_queue',
  rollup: 'report_delivery_latency',
  columns: ['channel', 'template_name', 'bucket'],
  values: sql`report_slot(created_at), channel, template_name,
    width_bucket(extract(epoch from sent_at - created_at), ${LATENCY_BOUNDS})`,
  where: sql`status = 'sent' and sent_at is not null`,
};

/**
 * A message's configuration as the Delivery report keys it: the one its last attempt went through,
 * else the planned one: an SMS/push template's (`sms:<id>`), the default of its kind (`sms:default`),
 * and for e-mail, which always goes out the default way, `email:default`.
 */
const CONFIG_KEY = sql`coalesce(via_config, channel || ':' ||
  case when channel = 'email' then 'default' else coalesce(config_id::text, 'default') end)`;

const CONFIGS: SlotCounts = {
  table: 'email_queue',
  rollup: 'report_delivery_configs',
  columns: ['channel', 'template_name', 'status', 'config'],
  values: sql`report_slot(created_at), channel, template_name, status, ${CONFIG_KEY}`,
};

/**
 * The Delivery report's rollups (docs/architecture.md, "Reports"): queue rows per quarter hour and per
 * UTC day they were queued, by channel, template and current status, so "sent", "failed" and
 * "cancelled" per period are the outcomes of what was queued in it, as the dashboard counts them.
 */
export const notificationReportMigrations: Record<string, Migration> = {
  '2026-11-29-0300-delivery-report-rollups': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      await createReportSlotFunction(db);
      await sql`
        create table report_deliveries (
          slot timestamptz not null,
          channel text not null,
          template_name text not null,
          status text not null,
          n bigint not null,
          primary key (slot, channel, template_name, status)
        )`.execute(db);
      // The triggers first: creating them locks the queue until this commits, so the backfill misses nothing.
      await trackSlotCounts(db, DELIVERIES);
      await sql`insert into report_deliveries (slot, channel, template_name, status, n)
        select report_slot(created_at), channel, template_name, status, count(*)
        from email_queue group by 1, 2, 3, 4`.execute(db);
      await dailyRollupBeside(db, 'report_deliveries', 'channel, template_name, status');
      await defineSlotCountFunctions(db, { ...DELIVERIES, daily: 'report_deliveries_daily' });
    },
  },
  /**
   * Failure reasons and the time from queued to sent, both by the slot the message was queued in, as
   * the outcomes are: failed messages per class of their last failure (a column the worker writes
   * with the raw text), and sent messages per latency bucket (a histogram: percentiles are not sums).
   */
  '2026-12-01-0300-delivery-failures-latency': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      // A fixed set, DELIVERY_FAILURE_REASONS: the report's series and the panel's labels are these classes.
      for (const table of ['email_queue', 'email_attempts']) {
        await sql`alter table ${sql.table(table)} add column failure_reason text check (failure_reason in
          ('rejected', 'temporary', 'connection', 'auth', 'configuration', 'provider', 'other'))`.execute(db);
      }
      await createSlotRollup(db, FAILURES, { channel: 'text', template_name: 'text', reason: 'text' });
      await createSlotRollup(db, LATENCY, { channel: 'text', template_name: 'text', bucket: 'integer' });
    },
  },
  /**
   * Messages per configuration, by the slot they were queued in and their current status: the column
   * the worker writes with each attempt's outcome (messages from before it count under their planned
   * configuration: the attempts log names configurations by names, which may have changed since).
   */
  '2026-12-02-0300-delivery-configs': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      await sql`alter table email_queue add column via_config text`.execute(db);
      await createSlotRollup(db, CONFIGS, {
        channel: 'text',
        template_name: 'text',
        status: 'text',
        config: 'text',
      });
    },
  },
};

import { type Kysely, type Migration, sql } from 'kysely';
import { createReportSlotFunction, dailyRollupBeside } from '../../../reports/report-migrations.js';
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
};

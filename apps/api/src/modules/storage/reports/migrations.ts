import { type Kysely, type Migration, sql } from 'kysely';
import { createSlotRollup, dailyRollupBeside } from '../../../reports/report-migrations.js';
import type { SlotCounts } from '../../../reports/rollup-triggers.js';
import { defineReopenFunction } from './error-reopens.js';
import { defineResolutionFunctions } from './error-resolutions.js';

const FILES: SlotCounts = {
  table: 'storage_files',
  rollup: 'report_storage_files',
  columns: ['bucket_id'],
  values: sql`report_slot(created_at), bucket_id`,
};

/**
 * The Storage and Errors reports' rollups (docs/architecture.md, "Reports"): files and their bytes per
 * bucket by the time they were added; refused uploads per bucket and rule (written by the upload that
 * is refused: no table holds them); error groups by the time they were first seen, and reopenings and
 * resolutions (with the seconds each took) per service when they happen.
 */
export const storageReportMigrations: Record<string, Migration> = {
  '2026-11-29-0400-storage-report-rollups': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      const bucket = { bucket_id: 'bigint' };
      await createSlotRollup(db, FILES, bucket);
      await createSlotRollup(db, { ...FILES, rollup: 'report_storage_bytes', weight: sql`size` }, bucket);
      await sql`
        create table report_upload_refusals (
          slot timestamptz not null,
          bucket_id bigint not null,
          rule text not null,
          n bigint not null,
          primary key (slot, bucket_id, rule)
        )`.execute(db);
      await dailyRollupBeside(db, 'report_upload_refusals', 'bucket_id, rule');
    },
  },
  '2026-11-29-0410-errors-report-rollups': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      const service = { service_id: 'bigint' };
      await createSlotRollup(
        db,
        {
          table: 'storage_error_groups',
          rollup: 'report_error_groups',
          columns: ['service_id'],
          values: sql`report_slot(first_seen), service_id`,
        },
        service,
      );
      // Resolutions when they happen, timed from the start of their episode (`error-resolutions.ts`);
      // the groups resolved now are the history there is.
      await sql`alter table storage_error_groups add column opened_at timestamptz`.execute(db);
      for (const rollup of ['report_error_resolutions', 'report_error_resolve_seconds']) {
        await sql`create table ${sql.table(rollup)} (slot timestamptz not null, service_id bigint not null,
          n bigint not null, primary key (slot, service_id))`.execute(db);
      }
      await defineResolutionFunctions(db);
      await sql`create trigger storage_error_groups_report_resolutions_insert after insert on storage_error_groups
        referencing new table as new_rows
        for each statement execute function report_error_resolutions_insert()`.execute(db);
      await sql`create trigger storage_error_groups_report_resolutions_update after update on storage_error_groups
        referencing old table as old_rows new table as new_rows
        for each statement execute function report_error_resolutions_update()`.execute(db);
      await sql`insert into report_error_resolutions (slot, service_id, n)
        select report_slot(resolved_at), service_id, count(*) from storage_error_groups
        where status = 'resolved' and resolved_at is not null group by 1, 2`.execute(db);
      await sql`insert into report_error_resolve_seconds (slot, service_id, n)
        select report_slot(resolved_at), service_id, sum(floor(extract(epoch from resolved_at - first_seen)))
        from storage_error_groups where status = 'resolved' and resolved_at is not null
        group by 1, 2 having sum(floor(extract(epoch from resolved_at - first_seen))) <> 0`.execute(db);
      await dailyRollupBeside(db, 'report_error_resolutions', 'service_id');
      await dailyRollupBeside(db, 'report_error_resolve_seconds', 'service_id');
      // Reopenings when they happen (a new occurrence of a resolved group): no history of them exists.
      await sql`
        create table report_error_reopens (
          slot timestamptz not null,
          service_id bigint not null,
          n bigint not null,
          primary key (slot, service_id)
        )`.execute(db);
      await dailyRollupBeside(db, 'report_error_reopens', 'service_id');
      await defineReopenFunction(db);
      await sql`create trigger storage_error_groups_report_reopens after update on storage_error_groups
        referencing old table as old_rows new table as new_rows
        for each statement execute function report_error_reopens_track()`.execute(db);
    },
  },
};

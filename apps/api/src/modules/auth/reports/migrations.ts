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
import {
  ADMIN_ACTION_VALUES,
  defineAdminActionsFunction,
  defineTransitionFunction,
  trackTransitions,
} from './auth-rollup-triggers.js';

const USER_SIGNUPS: SlotCounts = {
  table: 'users',
  rollup: 'report_user_signups',
  columns: ['country_id', 'language', 'status'],
  values: sql`report_slot(created_at), coalesce(country_id, 0), language, status`,
};

/**
 * The Users and Administrators reports' rollups (docs/architecture.md, "Reports"): counters per
 * quarter hour kept by statement-level triggers in the writing transaction, backfilled here. The
 * triggers come before the backfill: creating them locks the table against writes until the migration
 * commits, so no row slips between the two.
 */
export const authReportMigrations: Record<string, Migration> = {
  '2026-11-29-0100-users-report-rollups': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      await createReportSlotFunction(db);
      // Users per sign-up slot and their current country, language and status: sign-ups, and of those
      // how many are active now (retention). A row moves between groups when a user changes.
      await sql`
        create table report_user_signups (
          slot timestamptz not null,
          country_id bigint not null,
          language text not null,
          status smallint not null,
          n bigint not null,
          primary key (slot, country_id, language, status)
        )`.execute(db);
      await trackSlotCounts(db, USER_SIGNUPS);
      await sql`insert into report_user_signups (slot, country_id, language, status, n)
        select ${USER_SIGNUPS.values}, count(*) from users group by 1, 2, 3, 4`.execute(db);

      // Status changes when they happen: no history of them exists before this migration.
      await sql`
        create table report_user_status_changes (
          slot timestamptz not null,
          status smallint not null,
          country_id bigint not null,
          language text not null,
          n bigint not null,
          primary key (slot, status, country_id, language)
        )`.execute(db);
      await trackTransitions(db);
    },
  },
  '2026-11-29-0110-admin-actions-rollup': {
    async up(db: Kysely<unknown>) {
      await sql`set local statement_timeout = 0`.execute(db);
      await createReportSlotFunction(db);
      // The audit log is append-only (its own triggers refuse updates and deletes): inserts suffice.
      await sql`
        create table report_admin_actions (
          slot timestamptz not null,
          admin_id bigint not null,
          action text not null,
          resource text not null,
          n bigint not null,
          primary key (slot, admin_id, action, resource)
        )`.execute(db);
      await defineAdminActionsFunction(db);
      await sql`create trigger audit_log_report_insert after insert on audit_log
        referencing new table as inserted for each statement execute function report_admin_actions_track()`.execute(
        db,
      );
      await sql`insert into report_admin_actions (slot, admin_id, action, resource, n)
        select ${ADMIN_ACTION_VALUES}, count(*) from audit_log group by 1, 2, 3, 4`.execute(db);
    },
  },
  '2026-11-29-0200-report-daily-rollups': {
    async up(db: Kysely<unknown>) {
      // At a million users the quarter-hour rollups hold about a row per user (each slot has a few
      // sign-ups, each in its own country × language × status): summing them is a scan again. Whole
      // UTC days come from daily rollups; the quarter hours only correct each bucket's edges.
      await sql`set local statement_timeout = 0`.execute(db);
      // No writer until this commits: the backfill and the functions that count into both see the same rows.
      await sql`lock table users, audit_log in share row exclusive mode`.execute(db);
      await dailyRollupBeside(db, 'report_user_signups', 'country_id, language, status');
      await defineSlotCountFunctions(db, { ...USER_SIGNUPS, daily: 'report_user_signups_daily' });
      await dailyRollupBeside(db, 'report_user_status_changes', 'status, country_id, language');
      await defineTransitionFunction(db, 'report_user_status_changes_daily');
      await dailyRollupBeside(db, 'report_admin_actions', 'admin_id, action, resource');
      await defineAdminActionsFunction(db, 'report_admin_actions_daily');
    },
  },
  '2026-12-03-0400-admin-actions-narrow-rollups': {
    async up(db: Kysely<unknown>) {
      // The Administrators report read its three sections from one rollup of 1,500 groups a day (50
      // administrators × actions × resources) three times. Who and which action come from a rollup
      // without the resource, what was changed from one with the resource alone (when unfiltered):
      // a seventeenth of the rows (docs/performance.md, "Reports").
      await sql`set local statement_timeout = 0`.execute(db);
      await createSlotRollup(
        db,
        {
          table: 'audit_log',
          rollup: 'report_admin_actors',
          columns: ['admin_id', 'action'],
          values: sql`report_slot(created_at), coalesce(admin_id, 0), action`,
        },
        { admin_id: 'bigint', action: 'text' },
      );
      await createSlotRollup(
        db,
        {
          table: 'audit_log',
          rollup: 'report_admin_resources',
          columns: ['resource'],
          values: sql`report_slot(created_at), coalesce(resource, '')`,
        },
        { resource: 'text' },
      );
    },
  },
};

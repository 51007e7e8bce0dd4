import { type Kysely, sql } from 'kysely';
import { defineTriggerFunction, upserts } from '../../../reports/rollup-triggers.js';

/**
 * Each change of a user's status when it happens (the transaction's time), per new status and the
 * user's country and language: "activated", "locked", "banned", "deleted" per period.
 */
export async function defineTransitionFunction(db: Kysely<unknown>, daily?: string): Promise<void> {
  const changes = sql`select report_slot(now()), n.status, coalesce(n.country_id, 0), n.language, 1
    from new_rows n join old_rows o on o.id = n.id where n.status <> o.status`;
  const body = upserts(
    {
      table: 'users',
      rollup: 'report_user_status_changes',
      columns: ['status', 'country_id', 'language'],
      values: sql``,
      ...(daily ? { daily } : {}),
    },
    changes,
  );
  await defineTriggerFunction(db, 'report_user_status_changes_track', body);
}

export async function trackTransitions(db: Kysely<unknown>): Promise<void> {
  await defineTransitionFunction(db);
  await sql`create trigger users_report_status_changes after update on users
    referencing old table as old_rows new table as new_rows
    for each statement execute function report_user_status_changes_track()`.execute(db);
}

/** An audit log entry's slot and group: what the trigger counts and the migration's backfill too. */
export const ADMIN_ACTION_VALUES = sql`report_slot(created_at), coalesce(admin_id, 0), action, coalesce(resource, '')`;

/** The audit log's entries per administrator, action and resource (inserts only: the log is append-only). */
export async function defineAdminActionsFunction(db: Kysely<unknown>, daily?: string): Promise<void> {
  const changes = sql`select ${ADMIN_ACTION_VALUES}, 1 from inserted`;
  const body = upserts(
    {
      table: 'audit_log',
      rollup: 'report_admin_actions',
      columns: ['admin_id', 'action', 'resource'],
      values: sql``,
      ...(daily ? { daily } : {}),
    },
    changes,
  );
  await defineTriggerFunction(db, 'report_admin_actions_track', body);
}

import { type Kysely, sql } from 'kysely';
import { defineTriggerFunction, upserts } from '../../../reports/rollup-triggers.js';

/**
 * Each resolved group that a new occurrence reopens (ingestion sets it back to open and adds to its
 * count), counted when it happens per service: the Errors report's "recurring" groups. An
 * administrator's Reopen changes no count, so it is not a recurrence.
 */
export async function defineReopenFunction(db: Kysely<unknown>): Promise<void> {
  const changes = sql`select report_slot(now()), n.service_id, 1
    from new_rows n join old_rows o on o.id = n.id where o.status = 'resolved' and n.status = 'open' and n.count > o.count`;
  const body = upserts(
    {
      table: 'storage_error_groups',
      rollup: 'report_error_reopens',
      columns: ['service_id'],
      values: sql``,
      daily: 'report_error_reopens_daily',
    },
    changes,
  );
  await defineTriggerFunction(db, 'report_error_reopens_track', body);
}

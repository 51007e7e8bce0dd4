import { type BulkOutcome, STATUS } from '@pult/contract';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../lib/clock.js';
import type { BulkApply } from '../../../resources/bulk/bulk-route.js';
import type { RecordContext } from '../../../resources/crud-routes.js';
import { assertSuperadminRemains, lockSuperadminMembers } from '../groups/memberships.js';
import type { TokenService } from '../token-service.js';
import type { PersonTable } from './person-source.js';

/**
 * Bulk delete and change of status for users and administrators, with the single-record rules per
 * row: delete marks the record deleted (status 10); any status but active ends the person's sign-ins
 * in the same transaction; an administrator's own account is skipped when it would lock them out.
 */
export function createPersonBulkActions(
  table: PersonTable,
  tokens: TokenService,
  clock: Clock,
): Record<'setStatus' | 'delete', BulkApply<number>> {
  const kind = table === 'admins' ? 'admin' : 'user';

  async function setStatus(
    executor: Transaction<Database>,
    ids: number[],
    status: number,
    context: RecordContext,
  ): Promise<BulkOutcome> {
    const skipped: BulkOutcome['skipped'] = {};
    let targets = ids;
    if (kind === 'admin' && status !== STATUS.active && ids.includes(context.adminId)) {
      targets = ids.filter((id) => id !== context.adminId);
      skipped.bulkOwnAccount = 1;
    }
    if (targets.length === 0) return { updated: 0, skipped };
    if (kind === 'admin') await lockSuperadminMembers(executor);
    const now = clock();
    const { rows } = await sql<{ id: number }>`update ${sql.table(table)}
      set status = ${status}, updated_at = ${now}
      where id in (${sql.join(targets)}) returning id`.execute(executor);
    if (rows.length < targets.length) skipped.bulkGone = targets.length - rows.length;
    if (kind === 'admin') await assertSuperadminRemains(executor);
    if (status !== STATUS.active) {
      const reason = status === STATUS.deleted ? 'deleted' : 'status changed';
      await tokens.revokeAll(
        executor,
        kind,
        rows.map((row) => row.id),
        reason,
      );
    }
    return { updated: rows.length, skipped };
  }

  return {
    setStatus: (executor, ids, value, context) => setStatus(executor, ids, Number(value), context),
    delete: (executor, ids, _value, context) => setStatus(executor, ids, STATUS.deleted, context),
  };
}

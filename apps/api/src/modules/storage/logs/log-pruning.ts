import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';

/** Rows per delete statement: each batch is its own short transaction, so the tables stay writable. */
export const PRUNE_BATCH = 5_000;

/** A time window over `created_at`: [from, to). Either end may be open. */
export interface TimeWindow {
  from?: Date;
  to?: Date;
}

function windowSql(window: TimeWindow) {
  const parts = [sql`true`];
  if (window.from) parts.push(sql`created_at >= ${window.from}`);
  if (window.to) parts.push(sql`created_at < ${window.to}`);
  return sql.join(parts, sql` and `);
}

/**
 * Deletes logs or errors in a window, oldest first, batch by batch. Deleting errors lowers their
 * groups' counts in the same statement, and a group left with none is removed.
 */
export function createLogPruning(db: Db) {
  async function deleteLogs(window: TimeWindow): Promise<number> {
    let total = 0;
    for (;;) {
      const result = await sql`delete from storage_logs where id in (
        select id from storage_logs where ${windowSql(window)} order by created_at, id limit ${PRUNE_BATCH})`.execute(
        db,
      );
      const deleted = Number(result.numAffectedRows ?? 0);
      total += deleted;
      if (deleted < PRUNE_BATCH) return total;
    }
  }

  async function deleteErrors(window: TimeWindow): Promise<number> {
    let total = 0;
    for (;;) {
      const deleted = await db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ deleted: number }>`
          with gone as (
            delete from storage_errors where id in (
              select id from storage_errors where ${windowSql(window)} order by created_at, id limit ${PRUNE_BATCH})
            returning group_id),
          per_group as (select group_id, count(*) as n from gone group by group_id),
          lowered as (
            update storage_error_groups g set count = g.count - per_group.n
            from per_group where g.id = per_group.group_id)
          select coalesce(sum(n), 0)::int as deleted from per_group`.execute(trx);
        return rows[0]?.deleted ?? 0;
      });
      total += deleted;
      if (deleted < PRUNE_BATCH) break;
    }
    // A group with no occurrences left is gone too; the next occurrence starts it afresh.
    await db.deleteFrom('storage_error_groups').where('count', '<=', 0).execute();
    return total;
  }

  async function countErrors(window: TimeWindow): Promise<number> {
    const { rows } = await sql<{ count: number }>`
      select count(*)::int as count from storage_errors where ${windowSql(window)}`.execute(db);
    return rows[0]?.count ?? 0;
  }

  return { deleteLogs, deleteErrors, countErrors };
}

export type LogPruning = ReturnType<typeof createLogPruning>;

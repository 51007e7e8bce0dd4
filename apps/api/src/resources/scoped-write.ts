import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { RowScope } from '../access/request-access.js';
import type { Db, Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/app-error.js';
import { rowScopeSql, type ScopeColumn } from './row-scope.js';

/** Where a record lives, as its list source says: enough to check a row scope on it. */
export interface ScopeTarget {
  table: string;
  alias: string;
  key: string;
  columns: Record<string, ScopeColumn>;
}

/**
 * Runs a write on one record so that a row scope holds around it, atomically: the record is locked
 * only if it is in scope (else it reads as missing, a 404), the write runs in that transaction, and
 * the record must still be in scope afterwards (no moving it out of what one may change: 403, and
 * the write is rolled back). Without a scope the write runs as it is, on `db`.
 */
export async function writeInScope<T>(
  db: Db,
  target: ScopeTarget,
  id: unknown,
  scope: RowScope | undefined,
  write: (executor: Executor) => Promise<T | undefined>,
  options: { staysInScope: boolean } = { staysInScope: true },
): Promise<T | undefined> {
  if (!scope) return write(db);
  const condition = rowScopeSql(scope, target.columns);
  const from = sql`${sql.table(target.table)} as ${sql.id(target.alias)}`;
  const key = sql.ref(`${target.alias}.${target.key}`);
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql`select 1 from ${from} where ${key} = ${id} and ${condition}
      for update of ${sql.id(target.alias)}`.execute(trx);
    if (rows.length === 0) return undefined;
    const result = await write(trx);
    if (
      result !== undefined &&
      options.staysInScope &&
      (await countOutOfScope(trx, from, key, [id], condition)) > 0
    ) {
      throw errors.forbidden('outOfScope');
    }
    return result;
  });
}

/**
 * How many of the written records the condition no longer holds for (a record the write removed
 * counts as none). An unknown outcome counts as out of scope.
 */
export async function countOutOfScope(
  trx: Transaction<Database>,
  from: RawBuilder<unknown>,
  key: RawBuilder<unknown>,
  ids: readonly unknown[],
  condition: RawBuilder<unknown>,
): Promise<number> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from ${from}
    where ${key} in (${sql.join(ids)}) and not coalesce(${condition}, false)`.execute(trx);
  return rows[0]?.count ?? 0;
}

/** A transaction on `executor`: its own when it is one already (a write inside `writeInScope`). */
export function transact<T>(
  executor: Executor,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return executor.isTransaction
    ? work(executor as Transaction<Database>)
    : executor.transaction().execute(work);
}

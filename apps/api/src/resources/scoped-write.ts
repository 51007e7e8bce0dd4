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
    if (result !== undefined && options.staysInScope && !(await inScope(trx, from, key, id, condition))) {
      throw errors.forbidden('outOfScope');
    }
    return result;
  });
}

async function inScope(
  trx: Transaction<Database>,
  from: RawBuilder<unknown>,
  key: RawBuilder<unknown>,
  id: unknown,
  condition: RawBuilder<unknown>,
): Promise<boolean> {
  const { rows } = await sql<{ in_scope: boolean }>`select ${condition} as in_scope from ${from}
    where ${key} = ${id}`.execute(trx);
  // A write that removed the row left nothing out of scope.
  return rows[0] === undefined || rows[0].in_scope;
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

import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { RowScope } from '../access/request-access.js';
import type { Db, Executor } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { errors } from '../http/app-error.js';
import { readVersion, type VersionCheck, VersionConflict, versionMatches } from './record-version.js';
import { rowScopeSql, type ScopeColumn } from './row-scope.js';

/** Where a record lives, as its list source says: enough to check a row scope on it. */
export interface ScopeTarget {
  table: string;
  alias: string;
  key: string;
  columns: Record<string, ScopeColumn>;
}

/**
 * What limits a write on one record: the administrator's row scope and the version the request
 * names. A handler passes its `RecordContext`, which carries both.
 */
export interface WriteGuard {
  scope?: RowScope;
  version?: VersionCheck;
}

export interface WriteOptions {
  /** False for a write that takes the record away (a delete): it need not stay in scope. */
  staysInScope?: boolean;
  /**
   * Locks the write takes besides the record's row, taken before it: other writers of the record
   * take them first too (an advisory lock, then rows), and two writers taking the same locks in
   * different orders could deadlock.
   */
  lockFirst?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * Runs a write on one record so that a row scope and a version hold around it, atomically: the
 * record is locked only if it is in scope and has one of the expected versions (not in scope: it
 * reads as missing, a 404; in scope at another version: `VersionConflict`, a 412), the write runs in
 * that transaction, and the record must still be in scope afterwards (no moving it out of what one
 * may change: 403, and the write is rolled back). The lock and the version check are one statement
 * (`select … where key = $id and xmin = $version for update`): a concurrent writer that got the lock
 * first leaves a new row version behind, which PostgreSQL checks the condition against again when
 * the lock is granted, so of any number of writers starting from one version exactly one proceeds.
 * The version check also reports the row's version after the write. Without a scope and a version
 * the write runs as it is, on `db`.
 */
export async function writeInScope<T>(
  db: Db,
  target: ScopeTarget,
  id: unknown,
  guard: WriteGuard | RowScope | undefined,
  write: (executor: Executor) => Promise<T | undefined>,
  options: WriteOptions = {},
): Promise<T | undefined> {
  const { staysInScope = true, lockFirst } = options;
  const { scope, version } = guardOf(guard);
  if (!scope && !version) return write(db);
  const condition = scope ? rowScopeSql(scope, target.columns) : sql<boolean>`true`;
  const from = sql`${sql.table(target.table)} as ${sql.id(target.alias)}`;
  const key = sql.ref(`${target.alias}.${target.key}`);
  const expected = version?.expected;
  const matches = expected ? versionMatches(target.alias, expected) : sql<boolean>`true`;
  return db.transaction().execute(async (trx) => {
    await lockFirst?.(trx);
    const { rows } = await sql`select 1 from ${from} where ${key} = ${id} and ${condition} and ${matches}
      for update of ${sql.id(target.alias)}`.execute(trx);
    if (rows.length === 0) {
      if (expected) {
        const found = await sql`select 1 from ${from} where ${key} = ${id} and ${condition}`.execute(trx);
        if (found.rows.length > 0) throw new VersionConflict();
      }
      return undefined;
    }
    if (version) version.applied = true;
    const result = await write(trx);
    if (
      result !== undefined &&
      scope &&
      staysInScope &&
      (await countOutOfScope(trx, from, key, [id], condition)) > 0
    ) {
      throw errors.forbidden('outOfScope');
    }
    if (result !== undefined && version) {
      const written = await readVersion(trx, target, id);
      if (written !== undefined) version.written = written;
    }
    return result;
  });
}

function guardOf(guard: WriteGuard | RowScope | undefined): WriteGuard {
  if (!guard) return {};
  return 'decision' in guard ? { scope: guard } : guard;
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

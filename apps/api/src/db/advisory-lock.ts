import { createHash } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

/** The 64-bit advisory-lock key of a name: the same in every process, unlike a sequence or an oid. */
export function advisoryLockKey(name: string): bigint {
  return createHash('sha256').update(name).digest().readBigInt64BE(0);
}

/**
 * Takes the transaction-scoped advisory locks of the names (released at commit or rollback), always
 * in ascending key order, so two transactions that want overlapping sets never deadlock.
 */
export async function lockNames(trx: Transaction<Database>, names: readonly string[]): Promise<void> {
  const keys = [...new Set(names.map(advisoryLockKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const key of keys) await sql`select pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx);
}

/** Runs `work` in a transaction holding the lock of `name`: callers in every process take turns. */
export function withAdvisoryLock<T>(
  db: Db,
  name: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await lockNames(trx, [name]);
    return work(trx);
  });
}

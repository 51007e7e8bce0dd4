import type { Db, Executor } from '../../../db/database.js';

/** Hashed recovery codes of `admin_recovery_codes`. */
export function createRecoveryCodeStore(db: Db) {
  return {
    /** The admin's codes become exactly these: the old ones stop working in the same transaction. */
    async replace(executor: Executor, adminId: number, hashes: readonly string[], now: Date): Promise<void> {
      await executor.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
      await executor
        .insertInto('admin_recovery_codes')
        .values(hashes.map((code_hash) => ({ admin_id: adminId, code_hash, created_at: now })))
        .execute();
    },

    /**
     * Spends one code in one statement: of any number of requests with the same code, at once and on
     * any process, exactly one finds `used_at` still null.
     */
    async consume(executor: Executor, adminId: number, codeHash: string, now: Date): Promise<boolean> {
      const row = await executor
        .updateTable('admin_recovery_codes')
        .set({ used_at: now })
        .where('admin_id', '=', adminId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async countLeft(adminId: number, executor: Executor = db): Promise<number> {
      const row = await executor
        .selectFrom('admin_recovery_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('admin_id', '=', adminId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async removeAll(executor: Executor, adminId: number): Promise<void> {
      await executor.deleteFrom('admin_recovery_codes').where('admin_id', '=', adminId).execute();
    },
  };
}

export type RecoveryCodeStore = ReturnType<typeof createRecoveryCodeStore>;

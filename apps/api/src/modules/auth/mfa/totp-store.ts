import { sql } from 'kysely';
import type { Db, Executor } from '../../../db/database.js';

/** The authenticator rows of `admin_totp`; every change that must not race is one statement. */
export function createTotpStore(db: Db) {
  return {
    find(adminId: number, executor: Executor = db) {
      return executor
        .selectFrom('admin_totp')
        .select(['secret_sealed', 'confirmed_at'])
        .where('admin_id', '=', adminId)
        .executeTakeFirst();
    },

    /**
     * Keeps a new pending secret, replacing an earlier pending one; false when an authenticator is
     * already confirmed (it is never overwritten: removing it needs a second factor).
     */
    async savePending(adminId: number, secretSealed: string, now: Date): Promise<boolean> {
      const row = await db
        .insertInto('admin_totp')
        .values({ admin_id: adminId, secret_sealed: secretSealed, created_at: now })
        .onConflict((oc) =>
          oc
            .column('admin_id')
            .doUpdateSet({ secret_sealed: secretSealed, last_step: null })
            .where('admin_totp.confirmed_at', 'is', null),
        )
        .returning('admin_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Confirms the pending secret the code was checked against (a setup started meanwhile replaced
     * it: then nothing happens), and spends the code's step.
     */
    async confirm(executor: Executor, adminId: number, secretSealed: string, step: number, now: Date) {
      const row = await executor
        .updateTable('admin_totp')
        .set({ confirmed_at: now, last_step: step })
        .where('admin_id', '=', adminId)
        .where('confirmed_at', 'is', null)
        .where('secret_sealed', '=', secretSealed)
        .returning('admin_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Spends a time step: succeeds only for a step later than every one accepted before, so a code is
     * accepted once, even by two requests at the same moment (the row is locked by the update).
     */
    async acceptStep(executor: Executor, adminId: number, step: number): Promise<boolean> {
      const row = await executor
        .updateTable('admin_totp')
        .set({ last_step: step })
        .where('admin_id', '=', adminId)
        .where('confirmed_at', 'is not', null)
        .where(sql<boolean>`(last_step is null or last_step < ${step})`)
        .returning('admin_id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async remove(executor: Executor, adminId: number): Promise<void> {
      await executor.deleteFrom('admin_totp').where('admin_id', '=', adminId).execute();
    },
  };
}

export type TotpStore = ReturnType<typeof createTotpStore>;

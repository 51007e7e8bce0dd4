import type { Passkey } from '@pult/contract';
import type { Db, Executor } from '../../../db/database.js';
import { addSeconds } from '../../../lib/clock.js';

/** How long a browser has to answer a WebAuthn challenge. */
export const WEBAUTHN_CHALLENGE_SECONDS = 5 * 60;

type Purpose = 'register' | 'authenticate';

/** The passkeys of `admin_passkeys` and the one-time challenges of `admin_webauthn_challenges`. */
export function createPasskeyStore(db: Db) {
  return {
    async list(adminId: number, executor: Executor = db): Promise<Passkey[]> {
      const rows = await executor
        .selectFrom('admin_passkeys')
        .select(['id', 'name', 'created_at', 'last_used_at'])
        .where('admin_id', '=', adminId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({
        id: Number(row.id),
        name: row.name,
        created_at: new Date(row.created_at).toISOString(),
        last_used_at: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
      }));
    },

    credentials(adminId: number, executor: Executor = db) {
      return executor
        .selectFrom('admin_passkeys')
        .select(['id', 'credential_id', 'public_key', 'counter', 'transports'])
        .where('admin_id', '=', adminId)
        .execute();
    },

    async insert(
      executor: Executor,
      row: {
        adminId: number;
        credentialId: string;
        publicKey: string;
        counter: number;
        transports: string[];
        name: string;
      },
      now: Date,
    ): Promise<number> {
      const inserted = await executor
        .insertInto('admin_passkeys')
        .values({
          admin_id: row.adminId,
          credential_id: row.credentialId,
          public_key: row.publicKey,
          counter: row.counter,
          transports: row.transports,
          name: row.name,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    /**
     * Records a use: the counter moves only forward from the value the check read, in one statement,
     * so a cloned authenticator's replay (or a parallel use of one assertion) finds nothing.
     */
    async recordUse(
      executor: Executor,
      id: number,
      seen: string,
      counter: number,
      now: Date,
    ): Promise<boolean> {
      const row = await executor
        .updateTable('admin_passkeys')
        .set({ counter, last_used_at: now })
        .where('id', '=', id)
        .where('counter', '=', seen)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async rename(adminId: number, id: number, name: string): Promise<boolean> {
      const row = await db
        .updateTable('admin_passkeys')
        .set({ name })
        .where('id', '=', id)
        .where('admin_id', '=', adminId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async remove(executor: Executor, adminId: number, id: number): Promise<boolean> {
      const row = await executor
        .deleteFrom('admin_passkeys')
        .where('id', '=', id)
        .where('admin_id', '=', adminId)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async saveChallenge(adminId: number, challenge: string, purpose: Purpose, now: Date): Promise<void> {
      await db
        .insertInto('admin_webauthn_challenges')
        .values({
          challenge,
          admin_id: adminId,
          purpose,
          expires_at: addSeconds(now, WEBAUTHN_CHALLENGE_SECONDS),
        })
        .execute();
    },

    /** Spends a challenge in one statement: true for exactly one caller, while it is live. */
    async consumeChallenge(
      executor: Executor,
      adminId: number,
      challenge: string,
      purpose: Purpose,
      now: Date,
    ): Promise<boolean> {
      const row = await executor
        .deleteFrom('admin_webauthn_challenges')
        .where('challenge', '=', challenge)
        .where('admin_id', '=', adminId)
        .where('purpose', '=', purpose)
        .where('expires_at', '>', now)
        .returning('challenge')
        .executeTakeFirst();
      return row !== undefined;
    },

    async prune(now: Date): Promise<void> {
      await db.deleteFrom('admin_webauthn_challenges').where('expires_at', '<=', now).execute();
    },
  };
}

export type PasskeyStore = ReturnType<typeof createPasskeyStore>;

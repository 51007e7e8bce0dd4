import { MFA_TOKEN_TTL_SECONDS, STATUS } from '@pult/contract';
import type { Db, Executor } from '../../../db/database.js';
import { addSeconds } from '../../../lib/clock.js';
import { randomToken, sha256 } from '../../../lib/tokens.js';

/**
 * The `mfa_token` between a right password and the second factor: opaque (256 bits, stored as its
 * SHA-256), bound to one administrator, usable for MFA_TOKEN_TTL_SECONDS, and spent by the one
 * sign-in it completes. Wrong codes do not spend it (they are counted per account instead).
 */
export function createMfaChallenges(db: Db) {
  return {
    async create(adminId: number, now: Date): Promise<string> {
      const token = randomToken();
      await db
        .insertInto('admin_mfa_challenges')
        .values({
          admin_id: adminId,
          token_hash: sha256(token),
          created_at: now,
          expires_at: addSeconds(now, MFA_TOKEN_TTL_SECONDS),
        })
        .execute();
      return token;
    },

    /** Whose challenge this is, while it is usable and the admin active; nothing is spent. */
    async peek(token: string, now: Date): Promise<number | undefined> {
      const row = await db
        .selectFrom('admin_mfa_challenges as c')
        .innerJoin('admins as a', 'a.id', 'c.admin_id')
        .select('c.admin_id')
        .where('c.token_hash', '=', sha256(token))
        .where('c.used_at', 'is', null)
        .where('c.expires_at', '>', now)
        .where('a.status', '=', STATUS.active)
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.admin_id);
    },

    /** Spends the challenge in one statement: of parallel completions exactly one gets the admin. */
    async consume(executor: Executor, token: string, now: Date): Promise<number | undefined> {
      const row = await executor
        .updateTable('admin_mfa_challenges')
        .set({ used_at: now })
        .where('token_hash', '=', sha256(token))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('admin_id')
        .executeTakeFirst();
      return row === undefined ? undefined : Number(row.admin_id);
    },

    /** Expired challenges are of no use to anyone. */
    async prune(now: Date): Promise<void> {
      await db.deleteFrom('admin_mfa_challenges').where('expires_at', '<', now).execute();
    },
  };
}

export type MfaChallenges = ReturnType<typeof createMfaChallenges>;

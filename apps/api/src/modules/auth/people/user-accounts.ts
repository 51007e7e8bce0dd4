import type { Db, Executor } from '../../../db/database.js';
import type { SigninAccount } from '../signin-service.js';

/** What sign-in and the token guard read of a platform user. */
export function createUserAccounts(db: Db) {
  return {
    findByEmail(email: string): Promise<SigninAccount | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'status'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },

    async statusOf(executor: Executor, id: number): Promise<number | undefined> {
      const row = await executor.selectFrom('users').select('status').where('id', '=', id).executeTakeFirst();
      return row?.status;
    },
  };
}

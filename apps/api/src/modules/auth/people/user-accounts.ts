import type { Db } from '../../../db/database.js';
import type { SigninAccount } from '../signin-service.js';

/** What sign-in reads of a platform user. */
export function createUserAccounts(db: Db) {
  return {
    findByEmail(email: string): Promise<SigninAccount | undefined> {
      return db
        .selectFrom('users')
        .select(['id', 'password_hash', 'status'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst();
    },
  };
}

import { withAdvisoryLock } from '../../db/advisory-lock.js';
import type { Db } from '../../db/database.js';
import { hashPassword } from '../../lib/passwords.js';
import type { AdminRepository } from './admin-repository.js';

/**
 * On an empty database, creates the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD (or the
 * demo's). Processes starting together all find the table empty; under the lock only the first one
 * creates the administrator and the others find it there.
 */
export async function bootstrapAdmin(
  db: Db,
  admins: AdminRepository,
  credentials: { email: string; password: string } | undefined,
): Promise<boolean> {
  if (!credentials || (await admins.count()) > 0) return false;
  // Hashed before taking the lock: argon2 is slow, and the other processes would wait on it.
  const passwordHash = await hashPassword(credentials.password);
  return withAdvisoryLock(db, 'auth:bootstrap-admin', async (trx) => {
    if ((await admins.count(trx)) > 0) return false;
    await admins.create(
      {
        email: credentials.email,
        passwordHash,
        firstName: 'Admin',
        lastName: 'Pult',
        groups: ['superadmin'],
      },
      trx,
    );
    return true;
  });
}

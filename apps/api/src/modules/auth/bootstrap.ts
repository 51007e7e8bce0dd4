import { hashPassword } from '../../lib/passwords.js';
import type { AdminRepository } from './admin-repository.js';

/** On an empty database, creates the first administrator from ADMIN_EMAIL/ADMIN_PASSWORD (or the demo's). */
export async function bootstrapAdmin(
  admins: AdminRepository,
  credentials: { email: string; password: string } | undefined,
): Promise<boolean> {
  if (!credentials || (await admins.count()) > 0) return false;
  await admins.create({
    email: credentials.email,
    passwordHash: await hashPassword(credentials.password),
    firstName: 'Admin',
    lastName: 'Pult',
    groups: ['superadmin'],
  });
  return true;
}

import type { TokenPair } from '@pult/contract';
import type { Db } from '../db/database.js';
import { hashPassword } from '../lib/passwords.js';
import type { TestApp } from './test-app.js';

let sequence = 0;

/** An admin row with a known password; every field can be overridden. */
export async function createAdmin(
  db: Db,
  overrides: Partial<{
    email: string;
    password: string;
    status: number;
    firstName: string;
    lastName: string;
  }> = {},
) {
  sequence += 1;
  const password = overrides.password ?? `password-${sequence}-long`;
  const admin = await db
    .insertInto('admins')
    .values({
      email: overrides.email ?? `admin${sequence}@pult.test`,
      password_hash: await hashPassword(password),
      first_name: overrides.firstName ?? 'Taras',
      last_name: overrides.lastName ?? 'Shevchenko',
      status: overrides.status ?? 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { admin, password };
}

export async function signIn(app: TestApp, email: string, password: string): Promise<TokenPair> {
  const response = await app.app.inject({
    method: 'POST',
    url: '/auth/admin/signin',
    payload: { email, password },
  });
  if (response.statusCode !== 200) throw new Error(`Sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<TokenPair>();
}

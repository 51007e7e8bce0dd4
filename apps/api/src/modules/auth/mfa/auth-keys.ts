import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database.js';
import type { SecretBox } from '../../../lib/secret-box.js';

/**
 * A random key of the auth service, made once and shared by every process through the database (the
 * first insert wins). Sealed with SECRET_KEY, so a database dump alone does not give it away, and
 * stored rather than derived from SECRET_KEY, so `secrets:rotate` re-seals it and what was hashed
 * with it (recovery codes) keeps working under a new key.
 */
export async function loadAuthKey(db: Db, secretBox: SecretBox, name: string): Promise<Buffer> {
  await db
    .insertInto('auth_keys')
    .values({ name, sealed: secretBox.seal(randomBytes(32).toString('base64')) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('auth_keys')
    .select('sealed')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return Buffer.from(secretBox.open(row.sealed), 'base64');
}

import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/database.js';
import type { SecretBox } from '../../../lib/secret-box.js';

const NAME = 'download-links';

/**
 * The key that signs local download links: made once, shared by every process through the
 * database (the first insert wins), and sealed with the server's secret key so a database dump
 * alone cannot forge links.
 */
export async function loadLinkSecret(db: Db, secretBox: SecretBox): Promise<Buffer> {
  await db
    .insertInto('storage_keys')
    .values({ name: NAME, sealed: secretBox.seal(randomBytes(32).toString('base64')) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('storage_keys')
    .select('sealed')
    .where('name', '=', NAME)
    .executeTakeFirstOrThrow();
  return Buffer.from(secretBox.open(row.sealed), 'base64');
}

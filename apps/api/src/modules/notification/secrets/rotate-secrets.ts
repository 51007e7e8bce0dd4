import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { SecretBox } from '../../../lib/secret-box.js';

/** A column holding values sealed with the server's secret key (lib/secret-box.ts). */
export interface SealedColumn {
  table: string;
  column: string;
}

/**
 * Every column the platform seals with SECRET_KEY: the delivery configurations' secrets, and the
 * other modules' own (the token signing key, the storage link key, the second factor's secrets and
 * key), which a new key must carry too
 * or the server could not start with it.
 */
export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: 'smtp_configs', column: 'password_encrypted' },
  { table: 'smtp_configs', column: 'config_secrets_encrypted' },
  { table: 'sms_configs', column: 'api_secret_encrypted' },
  { table: 'sms_configs', column: 'config_secrets_encrypted' },
  { table: 'push_configs', column: 'server_key_encrypted' },
  { table: 'push_configs', column: 'config_secrets_encrypted' },
  { table: 'signing_keys', column: 'private_jwk_sealed' },
  { table: 'storage_keys', column: 'sealed' },
  // Administrators' authenticator secrets, and the key their recovery codes are hashed with.
  { table: 'admin_totp', column: 'secret_sealed' },
  { table: 'auth_keys', column: 'sealed' },
];

/**
 * Opens each sealed value with the current key and seals it with the new one, all in one transaction:
 * a value that does not open (sealed under yet another key) rolls everything back, so the database
 * never holds a mix of two keys. Rows are locked as they are read.
 */
export async function rotateSecrets(
  db: Db,
  from: SecretBox,
  to: SecretBox,
  columns: readonly SealedColumn[] = SEALED_COLUMNS,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    let count = 0;
    for (const { table, column } of columns) {
      const { rows } = await sql<{ ref: string; value: string }>`
        select ctid::text as ref, ${sql.ref(column)} as value from ${sql.table(table)}
        where ${sql.ref(column)} is not null for update`.execute(trx);
      for (const row of rows) {
        let plain: string;
        try {
          plain = from.open(row.value);
        } catch {
          throw new Error(
            `A value in ${table}.${column} does not open with the current key: nothing was changed`,
          );
        }
        await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${to.seal(plain)}
          where ctid = ${row.ref}::tid`.execute(trx);
        count += 1;
      }
    }
    return count;
  });
}

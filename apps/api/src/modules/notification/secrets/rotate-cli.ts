import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../config/env.js';
import { openDatabase } from '../../../db/database.js';
import { migrateToLatest } from '../../../db/migrate.js';
import { createSecretBox } from '../../../lib/secret-box.js';
import { rotateSecrets } from './rotate-secrets.js';

const USAGE = `Usage: npm run secrets:rotate

Re-seals every stored secret (SMTP passwords, SMS and push secrets, the token signing key, the storage
link key, administrators' authenticator secrets and the recovery-code key) under a new key, in one
transaction. Stop the server first.

- With SECRET_KEY set: give the new key as NEW_SECRET_KEY (32 bytes, base64: openssl rand -base64 32);
  after it succeeds, set SECRET_KEY to that value and start the server.
- Without SECRET_KEY (the key kept in DATA_DIR/secret.key): a new key is made and written there once
  the database has been re-sealed. It is never printed.`;

const KEY_PATTERN = /^[A-Za-z0-9+/]{43}=$/;

async function main(): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h')) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig(process.env);
  const keyFile = path.join(config.dataDir, 'secret.key');
  const current =
    config.secretKey ??
    (
      await readFile(keyFile, 'utf8').catch(() => {
        throw new ConfigError(`Neither SECRET_KEY nor ${keyFile} exists: there is nothing sealed to rotate`);
      })
    ).trim();
  const next = config.secretKey ? process.env.NEW_SECRET_KEY : randomBytes(32).toString('base64');
  if (!next || !KEY_PATTERN.test(next)) {
    throw new ConfigError('NEW_SECRET_KEY must be 32 bytes in base64 (openssl rand -base64 32)');
  }
  if (next === current) throw new ConfigError('NEW_SECRET_KEY is the current key');
  // The new key is on disk before the database changes: were the process to die right after the
  // commit, the key the secrets are now sealed with is still at hand (secret.key.new).
  const draft = `${keyFile}.new`;
  if (!config.secretKey) await writeFile(draft, next, { mode: 0o600 });
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db);
    const count = await rotateSecrets(
      handle.db,
      createSecretBox(Buffer.from(current, 'base64')),
      createSecretBox(Buffer.from(next, 'base64')),
    );
    if (!config.secretKey) await rename(draft, keyFile);
    console.log(
      `Re-sealed ${count} stored secrets.${config.secretKey ? ' Now set SECRET_KEY to NEW_SECRET_KEY and start the server.' : ` The new key is in ${keyFile}.`}`,
    );
  } catch (error) {
    if (!config.secretKey) await rm(draft, { force: true });
    throw error;
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  console.error(`\n${USAGE}`);
  process.exitCode = 1;
});

import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/env.js';
import { createSecretBox, type SecretBox } from './secret-box.js';

/** SECRET_KEY, or a key made once and kept in DATA_DIR, readable by the server's user only. */
export async function loadSecretBox(config: Pick<AppConfig, 'secretKey' | 'dataDir'>): Promise<SecretBox> {
  if (config.secretKey) return createSecretBox(Buffer.from(config.secretKey, 'base64'));
  const file = path.join(config.dataDir, 'secret.key');
  await mkdir(config.dataDir, { recursive: true });
  // `wx` fails when the file exists, so two processes starting together keep the first key.
  await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' }).catch(
    () => undefined,
  );
  return createSecretBox(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64'));
}

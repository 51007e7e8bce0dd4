import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '../config/env.js';
import { createSecretBox, type SecretBox } from './secret-box.js';

/** SECRET_KEY, or a key made once and kept in DATA_DIR, readable by the server's user only. */
export async function loadSecretBox(config: Pick<AppConfig, 'secretKey' | 'dataDir'>): Promise<SecretBox> {
  if (config.secretKey) return createSecretBox(Buffer.from(config.secretKey, 'base64'));
  const file = path.join(config.dataDir, 'secret.key');
  await mkdir(config.dataDir, { recursive: true });
  // Written whole to a file of its own, then linked into place: linking fails when the key exists,
  // so of two processes starting together the first key wins, and no one reads a half-written one.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await writeFile(draft, randomBytes(32).toString('base64'), { mode: 0o600 });
  try {
    await link(draft, file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  } finally {
    await rm(draft, { force: true });
  }
  return createSecretBox(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64'));
}

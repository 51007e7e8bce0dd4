import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';

/**
 * Writes the OpenAPI document the server answers at `/openapi.json`, without a port or a database
 * of anyone's: the app is built on an in-memory database and asked with `inject`. Used by
 * `npm run lint:openapi` (Redocly) and by client generators.
 *
 * Usage: tsx apps/api/src/openapi/write-openapi.ts <file>
 */
async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('Usage: write-openapi <file>');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-openapi-'));
  // No data directory: PGlite in memory.
  const database = await openDatabase({});
  try {
    await migrateToLatest(database.db);
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080',
      WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
      SEED_DEMO: 'false',
    });
    const pult = await buildApp({ config, db: database.db, logger: false });
    try {
      const response = await pult.app.inject({ url: '/openapi.json' });
      if (response.statusCode !== 200) throw new Error(`/openapi.json answered ${response.statusCode}`);
      await writeFile(out, `${JSON.stringify(response.json(), null, 2)}\n`);
    } finally {
      await pult.app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

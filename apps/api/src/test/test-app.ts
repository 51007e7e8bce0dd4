import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type BuildOptions, buildApp } from '../app.js';
import { loadConfig } from '../config/env.js';
import { createFakeClock } from './fake-clock.js';
import { openTestDatabase, type TestDatabaseKind } from './test-database.js';

export const TEST_ADMIN = { email: 'root@pult.test', password: 'root-password-1' } as const;

/**
 * The whole server on a fresh database, driven through `app.inject` (fastify's test helper style):
 * no port, real plugins, real SQL. The clock is fake so expiry is tested without sleeping.
 */
export async function createTestApp(kind: TestDatabaseKind, env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-test-'));
  const database = await openTestDatabase(kind);
  const time = createFakeClock();
  const config = loadConfig({
    DATA_DIR: dataDir,
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
    // Totals must not depend on how busy the machine is: no time budget unless a test sets one.
    LIST_COUNT_BUDGET_MS: '0',
    ...env,
  });
  const options: BuildOptions = {
    config,
    db: database.db,
    clock: time.clock,
    logger: false,
    ...(database.url ? { databaseUrl: database.url } : {}),
  };
  const pult = await buildApp(options);
  await pult.app.ready();
  return {
    ...pult,
    db: database.db,
    /** The scratch database's URL (PostgreSQL only), for a second server on the same database. */
    databaseUrl: database.url,
    config,
    dataDir,
    time,
    async close() {
      await pult.stopWorkers();
      await pult.app.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

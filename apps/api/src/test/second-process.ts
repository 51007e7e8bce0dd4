import { buildApp, type PultApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import type { TestApp } from './test-app.js';

/**
 * A second server on the test app's PostgreSQL database, with its own connections and caches, as
 * another process behind the same balancer would be (PostgreSQL only: PGlite has one connection).
 */
export async function startSecondProcess(
  t: TestApp,
): Promise<{ other: PultApp; close: () => Promise<void> }> {
  const database = await openDatabase({ databaseUrl: t.databaseUrl });
  const other = await buildApp({
    config: t.config,
    db: database.db,
    clock: t.time.clock,
    logger: false,
    ...(t.databaseUrl ? { databaseUrl: t.databaseUrl } : {}),
  });
  await other.app.ready();
  return {
    other,
    async close() {
      await other.app.close();
      await database.close();
    },
  };
}

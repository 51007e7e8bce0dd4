import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { withClient } from './with-client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by global-setup.ts. A tar of a migrated PGlite data directory: each test database starts from it. */
    pgliteTemplate: string;
    /** A migrated database on TEST_DATABASE_URL's server, copied by `create database … template`. */
    postgresTemplate: string | undefined;
  }
}

export type TestDatabaseKind = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL names a server. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/**
 * A fresh, migrated database: in-memory PGlite, or a throw-away database on the PostgreSQL server,
 * dropped again on close, so test files never see each other's rows. Each starts as a copy of the
 * run's migrated template (global-setup.ts).
 */
export async function openTestDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const dump = new Blob([await readFile(inject('pgliteTemplate'))]);
    return openDatabase({ pgliteDump: dump });
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error('global-setup.ts migrates a template when TEST_DATABASE_URL is set');
  const scratch = await createScratchDatabase('pult_test', template);
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * A database on the TEST_DATABASE_URL server: empty, for a test that opens it its own way, or a copy
 * of `template`.
 */
export async function createScratchDatabase(prefix = 'pult_test', template?: string) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const copy = template ? ` template ${template}` : '';
  await withClient(adminUrl, (client) => client.query(`create database ${name}${copy}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    query: <T>(text: string) =>
      withClient(url.toString(), async (client) => (await client.query(text)).rows as T[]),
    drop: () =>
      withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

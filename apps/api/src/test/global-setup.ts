import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { withClient } from './with-client.js';

/**
 * Migrates once per run instead of once per test database: a fresh PGlite costs 2.6 s to initialise
 * and 1 s to migrate where loading a dump costs 1 s, and a PostgreSQL copy 0.2 s where migrating costs
 * 1.5 s; the suite opens a few hundred.
 */
export default async function setup(project: TestProject) {
  const postgresTemplate = await createPostgresTemplate();
  project.provide('postgresTemplate', postgresTemplate?.name);

  const dir = await mkdtemp(path.join(os.tmpdir(), 'pult-template-'));
  const pglite = await openDatabase({});
  if (!pglite.dump) throw new Error('an embedded database can be dumped');
  await migrateToLatest(pglite.db);
  const tar = path.join(dir, 'pglite.tar');
  await writeFile(tar, Buffer.from(await (await pglite.dump()).arrayBuffer()));
  await pglite.close();
  project.provide('pgliteTemplate', tar);

  return async () => {
    await postgresTemplate?.drop();
    await rm(dir, { recursive: true, force: true });
  };
}

async function createPostgresTemplate() {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return undefined;
  const name = `pult_template_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  await migrateToLatest(handle.db);
  // A template with a connection open cannot be copied.
  await handle.close();
  return {
    name,
    drop: () =>
      withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

/**
 * The users list under load, through real HTTP on the built server, beside the same SQL sent straight
 * to the database (the floor): `npm run bench:list` (after `npm run build`).
 *
 *   BENCH_DATABASE_URL=postgres://…  measure on PostgreSQL (else PGlite in BENCH_DATA_DIR)
 *   BENCH_USERS=1000000              users the database must hold; topped up with the seed CLI
 *
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { DEMO_ADMIN, REPO_ROOT, startPult } from '../../e2e/support/pult-server.js';
import { LIST_SHAPES, type ListShape } from './list-shapes.js';
import { type LoadResult, printTable, runLoad } from './load.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pult-bench-pglite');

/** Runs a query the way the floor does: through pg, or PGlite in this process. */
type RawQuery = (text: string, values: unknown[]) => Promise<unknown>;

async function main() {
  const target = DATABASE_URL ? 'PostgreSQL' : `PGlite (${DATA_DIR})`;
  console.log(`list-api on ${target}: ${USERS.toLocaleString('en')} users, concurrency ${CONCURRENCY}`);
  topUpUsers();

  const results: LoadResult[] = [];
  results.push(...(await measureApi()));
  results.push(...(await measureRawSql()));
  console.log(`\nlist-api on ${target}, node ${process.version}\n`);
  printTable(results);
}

/** Seeding is a separate process: PGlite's directory can only be open in one process at a time. */
function topUpUsers(): void {
  const env = { ...process.env, ...databaseEnv() };
  const count = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/count-users.ts'], {
    cwd: path.join(REPO_ROOT, 'apps/api'),
    env,
    encoding: 'utf8',
  });
  const existing = Number(count.stdout.trim());
  if (count.status !== 0 || !Number.isFinite(existing))
    throw new Error(`Counting users failed:\n${count.stderr}`);
  if (existing >= USERS) return;
  console.log(`Seeding ${(USERS - existing).toLocaleString('en')} users…`);
  const seed = spawnSync('npm', ['run', 'seed', '--', '--users', String(USERS - existing)], {
    cwd: REPO_ROOT,
    env,
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('Seeding failed');
}

/**
 * On PostgreSQL the signing key lives in the database, sealed with SECRET_KEY, and each run starts
 * the server with a new temporary DATA_DIR: a fixed key (for this benchmark database only) lets
 * later runs open it.
 */
const BENCH_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

function databaseEnv(): Record<string, string> {
  return DATABASE_URL
    ? {
        DATABASE_URL,
        ADMIN_EMAIL: DEMO_ADMIN.email,
        ADMIN_PASSWORD: DEMO_ADMIN.password,
        SECRET_KEY: BENCH_SECRET_KEY,
      }
    : { DATA_DIR };
}

async function measureApi(): Promise<LoadResult[]> {
  const pult = await startPult({ ...databaseEnv(), LOG_LEVEL: 'warn' });
  try {
    const signin = await fetch(`${pult.url}/auth/admin/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const { access_token: token } = (await signin.json()) as { access_token: string };
    const get = async (query: string) => {
      const response = await fetch(`${pult.url}/auth/admin/users?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      return response.ok;
    };
    // What any request costs before it reaches a list: HTTP on loopback, routing, one trivial query.
    const health = async () => (await fetch(`${pult.url}/healthz`)).ok;
    await runLoad('warm-up', { requests: 20, concurrency: CONCURRENCY }, health);
    const results = [
      await runLoad(
        'API GET /healthz (HTTP floor)',
        { requests: REQUESTS, concurrency: CONCURRENCY },
        health,
      ),
    ];
    for (const shape of LIST_SHAPES) {
      await runLoad('warm-up', { requests: 20, concurrency: CONCURRENCY }, () => get(shape.query));
      results.push(
        await runLoad(`API ${shape.name}`, { requests: REQUESTS, concurrency: CONCURRENCY }, () =>
          get(shape.query),
        ),
      );
    }
    return results;
  } finally {
    await pult.stop({ keepData: true });
  }
}

async function measureRawSql(): Promise<LoadResult[]> {
  const { query, close } = await openRaw();
  try {
    const results: LoadResult[] = [];
    for (const shape of LIST_SHAPES) {
      const run = () => runShape(query, shape);
      await runLoad('warm-up', { requests: 20, concurrency: CONCURRENCY }, run);
      results.push(
        await runLoad(`raw SQL ${shape.name}`, { requests: REQUESTS, concurrency: CONCURRENCY }, run),
      );
    }
    return results;
  } finally {
    await close();
  }
}

/** The page and its count, as the API asks for them: two statements side by side. */
async function runShape(query: RawQuery, shape: ListShape): Promise<boolean> {
  await Promise.all([query(shape.rawItems, shape.values), query(shape.rawCount, shape.values)]);
  return true;
}

async function openRaw(): Promise<{ query: RawQuery; close: () => Promise<void> }> {
  if (DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONCURRENCY * 2 });
    return { query: (text, values) => pool.query(text, values), close: () => pool.end() };
  }
  const db = await PGlite.create(path.join(DATA_DIR, 'pglite'), { extensions: { pg_trgm } });
  return { query: (text, values) => db.query(text, values), close: () => db.close() };
}

await main();

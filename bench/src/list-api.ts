/**
 * The users list under load, through real HTTP on the built server: `npm run bench:list` (after
 * `npm run build`). The five shapes of issue 14 (list-shapes.ts), each at concurrency 1 and 10, with
 * a new random value per request; every answer's `totalExact` is tallied.
 *
 *   BENCH_DATABASE_URL=postgres://…  measure on PostgreSQL (else PGlite in BENCH_DATA_DIR)
 *   BENCH_USERS=1000000              users the database must hold; topped up with the seed CLI
 *   BENCH_SEED=false                 skip the top-up (it migrates the database with this checkout's
 *                                    migrations, which a run of an older build must not see)
 *   BENCH_REQUESTS=300               requests per row
 *   BENCH_CONCURRENCY=1,10           the concurrencies to run each shape at
 *
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { usersResource } from '@pult/contract';
import { openDatabase } from '../../apps/api/src/db/database.js';
import { personListSource } from '../../apps/api/src/modules/auth/people/person-source.js';
import { parseListRequest } from '../../apps/api/src/resources/list-request.js';
import { runList } from '../../apps/api/src/resources/list-sql.js';
import { DEMO_ADMIN, REPO_ROOT, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';
import { httpGet } from './http-client.js';
import { LIST_SHAPES, type ListSample } from './list-shapes.js';
import { type LoadResult, runLoad } from './load.js';

const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,10').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pult-bench-pglite');

interface ShapeResult extends LoadResult {
  exact: number;
}

interface ListAnswer {
  items: Array<{ email: string; created_at: string }>;
  total: number;
  /** Absent before issue 14: every total was exact then. */
  totalExact?: boolean;
}

async function main() {
  const target = DATABASE_URL ? 'PostgreSQL' : `PGlite (${DATA_DIR})`;
  console.log(`list-api on ${target}: ${USERS.toLocaleString('en')} users`);
  if (process.env.BENCH_SEED !== 'false') topUpUsers();
  const { results, sample } = await measureApi();
  results.push(...(await measureEngine(sample)));
  console.log(`\nlist-api on ${target}, node ${process.version}, ${os.cpus().length} cores\n`);
  console.log('| shape | concurrency | requests | req/s | p50 ms | p99 ms | errors | exact totals |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of results) {
    console.log(
      `| ${r.name} | ${r.concurrency} | ${r.requests} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.errors} | ${r.exact} |`,
    );
  }
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

/** A small deterministic generator, so two runs draw the same sequence of values. */
function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function measureApi(): Promise<{ results: ShapeResult[]; sample: ListSample }> {
  const pult = await startPult({ ...databaseEnv(), LOG_LEVEL: 'warn' });
  try {
    const token = await demoAdminToken(pult.url);
    const list = async (query: string): Promise<ListAnswer | undefined> => {
      const response = await httpGet(`${pult.url}/auth/admin/users?${query}`, {
        authorization: `Bearer ${token}`,
      });
      return response.status === 200 ? (JSON.parse(response.body) as ListAnswer) : undefined;
    };
    const sample = await drawSample(list);
    const health = async () => (await httpGet(`${pult.url}/healthz`)).status === 200;
    await runLoad('warm-up', { requests: 20, concurrency: 4 }, health);
    const results: ShapeResult[] = [];
    for (const concurrency of CONCURRENCIES) {
      const floor = await runLoad('GET /healthz (HTTP floor)', { requests: REQUESTS, concurrency }, health);
      results.push({ ...floor, exact: 0 });
      for (const shape of LIST_SHAPES) {
        const random = mulberry32(14);
        let exact = 0;
        const request = async () => {
          const answer = await list(shape.query(sample, random));
          if (answer && answer.totalExact !== false) exact += 1;
          return answer !== undefined;
        };
        await runLoad('warm-up', { requests: 10, concurrency }, request);
        exact = 0;
        const result = await runLoad(shape.name, { requests: REQUESTS, concurrency }, request);
        results.push({ ...result, exact });
      }
    }
    return { results, sample };
  } finally {
    await pult.stop({ keepData: true });
  }
}

/**
 * The same shapes through the list engine in this process (`runList` on its own pool of 10): what the
 * database and the engine cost without HTTP, authentication and JSON. Same random sequence.
 */
async function measureEngine(sample: ListSample): Promise<ShapeResult[]> {
  const database = await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : { dataDir: DATA_DIR });
  const source = personListSource('users', usersResource, 'uk-UA');
  const results: ShapeResult[] = [];
  try {
    for (const concurrency of CONCURRENCIES) {
      for (const shape of LIST_SHAPES) {
        const random = mulberry32(14);
        let exact = 0;
        const request = async () => {
          const params = Object.fromEntries(new URLSearchParams(shape.query(sample, random)));
          const answer = await runList(database.db, source, parseListRequest(usersResource, params));
          if (answer.totalExact) exact += 1;
          return true;
        };
        await runLoad('warm-up', { requests: 10, concurrency }, request);
        exact = 0;
        const result = await runLoad(`engine: ${shape.name}`, { requests: REQUESTS, concurrency }, request);
        results.push({ ...result, exact });
      }
    }
    return results;
  } finally {
    await database.close();
  }
}

/** E-mails of a few random pages and the seeded range of `created_at`, read through the API. */
async function drawSample(list: (query: string) => Promise<ListAnswer | undefined>): Promise<ListSample> {
  const random = mulberry32(7);
  const emails: string[] = [];
  for (let i = 0; i < 20; i++) {
    const page = 1 + Math.floor(random() * Math.max(1, USERS / 100 - 1));
    const answer = await list(`perPage=100&page=${page}&sort=email`);
    emails.push(...(answer?.items.map((item) => item.email.toLowerCase()) ?? []));
  }
  const newest = await list('perPage=5&sort=-created_at');
  const oldest = await list('perPage=5&sort=created_at');
  const day = (answer: ListAnswer | undefined) => answer?.items[0]?.created_at.slice(0, 10);
  const firstDay = day(oldest);
  const lastDay = day(newest);
  if (emails.length === 0 || !firstDay || !lastDay) throw new Error('No users to sample');
  // Without a filter the total is exact (the table's counter).
  return { emails, firstDay, lastDay, lastPage: Math.ceil((newest?.total ?? 0) / 20) };
}

await main();

/**
 * CSV export of the users list with many rows, through real HTTP on the built server: rows per second
 * and the server's resident memory while it streams (`npm run bench:export`, after `npm run build`).
 *
 *   BENCH_DATABASE_URL=postgres://…  measure on PostgreSQL (else PGlite in BENCH_DATA_DIR)
 *   BENCH_USERS=1000000              users the database must hold; topped up with the seed CLI
 *   BENCH_SERVER_NODE_OPTIONS=…      node options of the server, e.g. --max-old-space-size=48 to show
 *                                    that an export of any length fits a small heap
 *   BENCH_SHAPES=0,2                 run only these shapes (by position)
 *
 * Memory is the server process's VmRSS from /proc, sampled every 50 ms while the body is read as fast
 * as it arrives. Figures are printed, never asserted; docs/performance.md records them.
 */
import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ADMIN, REPO_ROOT, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const DATA_DIR = process.env.BENCH_DATA_DIR ?? path.join(os.tmpdir(), 'pult-bench-pglite');
const BENCH_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

const ALL_SHAPES = [
  { name: 'all users, default sort (-created_at)', query: '' },
  { name: 'all users, sort last_name,first_name', query: 'sort=last_name,first_name' },
  { name: 'e-mail contains "koval", sort email', query: 'filter[email]=koval&sort=email' },
];

const SHAPES = process.env.BENCH_SHAPES
  ? process.env.BENCH_SHAPES.split(',').flatMap((index) => ALL_SHAPES[Number(index)] ?? [])
  : ALL_SHAPES;
const SERVER_NODE_OPTIONS = process.env.BENCH_SERVER_NODE_OPTIONS;

interface Row {
  name: string;
  rows: number;
  megabytes: number;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
}

async function main() {
  const target = DATABASE_URL ? 'PostgreSQL' : `PGlite (${DATA_DIR})`;
  console.log(`export-csv on ${target}: ${USERS.toLocaleString('en')} users`);
  topUpUsers();
  const pult = await startPult({
    ...databaseEnv(),
    LOG_LEVEL: 'warn',
    ...(SERVER_NODE_OPTIONS ? { NODE_OPTIONS: SERVER_NODE_OPTIONS } : {}),
  });
  if (SERVER_NODE_OPTIONS) console.log(`server node options: ${SERVER_NODE_OPTIONS}`);
  try {
    const pid = pult.pid;
    if (pid === undefined) throw new Error('The server has no pid');
    const token = await demoAdminToken(pult.url);
    // A warm-up: the first export loads code paths and fills caches.
    await exportOnce(pult.url, token, 'filter[email]=koval', pid);
    const rows: Row[] = [];
    for (const shape of SHAPES) {
      const result = await exportOnce(pult.url, token, shape.query, pid);
      rows.push({ name: shape.name, ...result });
      console.log(
        `  ${shape.name}: ${result.rows.toLocaleString('en')} rows in ${result.seconds.toFixed(1)} s`,
      );
    }
    console.log(`\nexport-csv on ${target}, node ${process.version}\n`);
    console.log('| export | rows | MB | seconds | rows/s | server RSS before, MB | peak, MB | growth, MB |');
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows) {
      console.log(
        `| ${row.name} | ${row.rows.toLocaleString('en')} | ${row.megabytes.toFixed(1)} | ${row.seconds.toFixed(1)} | ` +
          `${Math.round(row.rows / row.seconds).toLocaleString('en')} | ${row.rssBefore.toFixed(0)} | ` +
          `${row.rssPeak.toFixed(0)} | ${(row.rssPeak - row.rssBefore).toFixed(0)} |`,
      );
    }
  } finally {
    await pult.stop({ keepData: true });
  }
}

async function exportOnce(url: string, token: string, query: string, pid: number) {
  const rssBefore = await rssMegabytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    void rssMegabytes(pid).then((rss) => {
      rssPeak = Math.max(rssPeak, rss);
    });
  }, 50);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(`${url}/auth/admin/users/export.csv?${query}`, {
      headers: { authorization: `Bearer ${token}`, Lang: 'en-US' },
    });
    if (!response.ok || !response.body) throw new Error(`Export failed: ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.byteLength;
      // Generated users carry no line breaks in their cells, so line ends count the records.
      for (const byte of chunk) if (byte === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows: lines - 1, megabytes: bytes / 1024 / 1024, seconds, rssBefore, rssPeak };
}

async function rssMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kilobytes / 1024;
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

await main();

/**
 * CSV import of many users, through real HTTP on a built server and PostgreSQL: a dry run, the commit,
 * and the same file again (nothing to change), each as rows per second and the server's resident
 * memory growth while it reads the file (`npm run bench:import -w @pult/bench`).
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres  a server where the benchmark creates (and drops) a
 *                                             database of its own
 *   BENCH_ROWS=100000                          users in the file
 *   BENCH_SERVER_ENTRY=…/main.js               the server bundle (default apps/api/dist/main.js)
 *
 * Memory is the server process's VmRSS from /proc, sampled every 50 ms. Figures are printed, never
 * asserted; docs/performance.md records them.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withClient } from '../../apps/api/src/test/with-client.js';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const ADMIN_URL = process.env.BENCH_DATABASE_URL;
const BENCH_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

interface Measure {
  heap: string;
  name: string;
  seconds: number;
  rssBefore: number;
  rssPeak: number;
  counts: Record<string, number>;
}

/**
 * The server's V8 heap as it runs by default (a limit of a quarter of the machine's memory) and capped
 * as docs/operations.md recommends: V8 lets the heap grow further between full collections the larger
 * its limit, so the same import's resident growth differs between the two.
 */
const HEAPS = [
  { heap: 'default', nodeOptions: '' },
  { heap: '1 GB cap', nodeOptions: '--max-old-space-size=1024' },
] as const;

async function main() {
  if (!ADMIN_URL)
    throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL server (the benchmark makes its own database)');
  const file = usersCsv(ROWS);
  console.log(
    `import-users on PostgreSQL: ${ROWS.toLocaleString('en')} users, ${(file.length / 1024 / 1024).toFixed(1)} MB`,
  );
  const runs: Measure[] = [];
  for (const { heap, nodeOptions } of HEAPS)
    runs.push(...(await onFreshServer(ADMIN_URL, file, heap, nodeOptions)));
  console.log(`\nimport-users on PostgreSQL, node ${process.version}, ${os.cpus().length} cores\n`);
  console.log(
    '| server heap | run | rows | seconds | rows/s | server RSS before, MB | peak, MB | growth, MB |',
  );
  console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const run of runs) {
    console.log(
      `| ${run.heap} | ${run.name} | ${ROWS.toLocaleString('en')} | ${run.seconds.toFixed(1)} | ` +
        `${Math.round(ROWS / run.seconds).toLocaleString('en')} | ${run.rssBefore.toFixed(0)} | ` +
        `${run.rssPeak.toFixed(0)} | ${(run.rssPeak - run.rssBefore).toFixed(0)} |`,
    );
  }
}

/** A dry run, the commit and the same file again, on a new server over a new database. */
async function onFreshServer(adminUrl: string, file: string, heap: string, nodeOptions: string) {
  const name = `pult_bench_import_${randomBytes(4).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pult = await startPult({
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
    SECRET_KEY: BENCH_SECRET_KEY,
    WEB_DIST_DIR: path.join(os.tmpdir(), 'pult-bench-no-panel'),
    LOG_LEVEL: 'warn',
    NODE_OPTIONS: nodeOptions,
    // Larger files than the defaults admit (100,000 rows, 20 MB), to see whether memory grows with them.
    IMPORT_MAX_ROWS: String(Math.max(ROWS, 100_000)),
    IMPORT_MAX_BYTES: String(Math.max(20, Math.ceil(ROWS / 1000)) * 1024 * 1024),
  });
  try {
    const pid = pult.pid;
    if (pid === undefined) throw new Error('The server has no pid');
    const token = await demoAdminToken(pult.url);
    // A warm-up: a small file loads the code paths.
    await importOnce(pult.url, token, usersCsv(500, 'warm'), 'mode=commit&onConflict=update', pid);
    const runs: Measure[] = [];
    for (const [label, query] of [
      ['dry run (all new)', 'mode=dry-run&onConflict=update'],
      ['commit (all new)', 'mode=commit&onConflict=update'],
      ['commit again (all unchanged)', 'mode=commit&onConflict=update'],
    ] as const) {
      const measure = await importOnce(pult.url, token, file, query, pid);
      runs.push({ ...measure, name: label, heap });
      console.log(`  ${heap}, ${label}: ${measure.seconds.toFixed(1)} s ${JSON.stringify(measure.counts)}`);
    }
    return runs;
  } finally {
    await pult.stop();
    await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

/** A file as a spreadsheet of people would be: e-mail, names, status, language, groups. */
function usersCsv(rows: number, prefix = 'bench'): string {
  const lines = ['E-mail,First name,Last name,Status,Language,Groups'];
  for (let index = 0; index < rows; index += 1) {
    lines.push(
      `${prefix}-${index}@import.bench,Name ${index},"Surname, ${index % 977}",Active,English,"staff, b${index % 7}"`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function importOnce(url: string, token: string, file: string, query: string, pid: number) {
  const rssBefore = await rssMegabytes(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    void rssMegabytes(pid).then((rss) => {
      rssPeak = Math.max(rssPeak, rss);
    });
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(`${url}/auth/admin/users/import?${query}&filename=bench.csv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, Lang: 'en-US', 'content-type': 'text/csv' },
      body: file,
    });
    const body = (await response.json()) as { counts?: Record<string, number>; committed?: boolean };
    if (!response.ok || !body.counts)
      throw new Error(`Import failed: ${response.status} ${JSON.stringify(body)}`);
    return { seconds: (performance.now() - started) / 1000, rssBefore, rssPeak, counts: body.counts };
  } finally {
    clearInterval(sampler);
  }
}

async function rssMegabytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

await main();

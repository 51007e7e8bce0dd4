/**
 * What OpenTelemetry tracing costs the users list (issue 23): the built server without
 * OTEL_EXPORTER_OTLP_ENDPOINT (the SDK not loaded), then with it pointing at a collector in this
 * process, every request sampled (a server span, its statements' spans, batched and exported over
 * OTLP/HTTP every 5 s), then 1 request in 10 sampled; in turn each round, so that drift of the
 * machine falls on all three. Latency, and the server's CPU time per request (from /proc: steadier
 * than latency on a shared machine).
 * `npm run bench:traces -w @pult/bench` after `npm run build` (or BENCH_SERVER_ENTRY naming a bundle).
 *
 *   BENCH_DATABASE_URL=postgres://…  measure on PostgreSQL (else PGlite in a fresh demo DATA_DIR)
 *   BENCH_REQUESTS=1000              requests per round and variant
 *   BENCH_ROUNDS=3                   rounds (each: off, on, sampled)
 *   BENCH_CONCURRENCY=1,4            concurrencies
 *
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEMO_ADMIN, freePort, SERVER_ENTRY, stopChild } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';
import { httpGet } from './http-client.js';
import { type LoadResult, runLoad } from './load.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,4').split(',').map(Number);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const ENTRY = process.env.BENCH_SERVER_ENTRY ?? SERVER_ENTRY;
const BENCH_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/** off: no collector; on: every request traced; sampled: 1 in 10 (`traceidratio` 0.1), the rest only propagated. */
type Variant = 'off' | 'on' | 'sampled';
const VARIANTS: Variant[] = ['off', 'on', 'sampled'];

/** A round's figures: the load's, and the server's CPU time per request (less noisy than latency). */
type Measured = LoadResult & { cpuUs: number };

/**
 * The server process's CPU time so far (user + system) in ms, from /proc (Linux; NaN elsewhere): what
 * tracing adds to each request's work, whatever else the shared machine runs meanwhile.
 */
async function cpuMs(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces, hence from the last ')'): utime is the 12th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  // Clock ticks of USER_HZ, 100 a second on Linux.
  return (ticks * 1000) / 100;
}

/** A collector that takes OTLP/HTTP exports and only counts their bytes, as a sink would. */
async function startSink(): Promise<{ url: string; exports: () => number; close: () => Promise<void> }> {
  let exports = 0;
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      exports += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exports: () => exports,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The built server on a free port (as `startPult`, with the entry this benchmark may be given). */
async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [ENTRY], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('Server did not become healthy');
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function measure(variant: Variant, dataDir: string, collector: string): Promise<Measured[]> {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
    ...(DATABASE_URL
      ? {
          DATABASE_URL,
          ADMIN_EMAIL: DEMO_ADMIN.email,
          ADMIN_PASSWORD: DEMO_ADMIN.password,
          SECRET_KEY: BENCH_SECRET_KEY,
        }
      : {}),
    OTEL_EXPORTER_OTLP_ENDPOINT: variant === 'off' ? '' : collector,
    ...(variant === 'sampled' ? { OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' } : {}),
  };
  const server = await startServer(env);
  try {
    const token = await demoAdminToken(server.url);
    let page = 0;
    const list = async () => {
      page = (page % 20) + 1;
      const response = await httpGet(
        `${server.url}/auth/admin/users?page=${page}&perPage=10&sort=-created_at`,
        { authorization: `Bearer ${token}` },
      );
      return response.status === 200;
    };
    await runLoad('warm-up', { requests: 200, concurrency: 4 }, list);
    const results: Measured[] = [];
    for (const concurrency of CONCURRENCIES) {
      const cpuBefore = await cpuMs(server.child.pid);
      const load = await runLoad(`users list, tracing ${variant}`, { requests: REQUESTS, concurrency }, list);
      const cpuUs = ((await cpuMs(server.child.pid)) - cpuBefore) * (1000 / load.requests);
      results.push({ ...load, cpuUs });
    }
    return results;
  } finally {
    await stopChild(server.child);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-bench-traces-'));
  const sink = await startSink();
  const target = DATABASE_URL ? 'PostgreSQL' : 'PGlite (demo data)';
  console.log(`trace-cost on ${target}: ${ROUNDS} rounds × ${REQUESTS} requests per variant and concurrency`);
  const rounds: Record<Variant, Measured[][]> = { off: [], on: [], sampled: [] };
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const variant of VARIANTS) {
        const before = sink.exports();
        const results = await measure(variant, dataDir, sink.url);
        rounds[variant].push(results);
        console.log(
          `round ${round}, tracing ${variant}: ${results.map((r) => `c${r.concurrency} p50 ${r.p50.toFixed(2)} ms, CPU ${r.cpuUs.toFixed(0)} µs/request`).join(', ')}${variant === 'off' ? '' : ` (${sink.exports() - before} OTLP exports received)`}`,
        );
      }
    }
  } finally {
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\ntrace-cost on ${target}, node ${process.version}, ${os.cpus().length} cores\n`);
  console.log(
    '| concurrency | tracing | req/s | p50 ms | p99 ms | errors | p50 vs off | server CPU µs/request | CPU vs off |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  CONCURRENCIES.forEach((concurrency, index) => {
    const of = (variant: Variant) => rounds[variant].map((results) => results[index]!);
    const p50 = (variant: Variant) => median(of(variant).map((r) => r.p50));
    const cpu = (variant: Variant) => median(of(variant).map((r) => r.cpuUs));
    for (const variant of VARIANTS) {
      const rows = of(variant);
      const change = (figure: (variant: Variant) => number) =>
        variant === 'off'
          ? ''
          : `${(((figure(variant) - figure('off')) / figure('off')) * 100).toFixed(1)} %`;
      console.log(
        `| ${concurrency} | ${variant} | ${median(rows.map((r) => r.rps)).toFixed(0)} | ${p50(variant).toFixed(2)} | ${median(rows.map((r) => r.p99)).toFixed(2)} | ${rows.reduce((n, r) => n + r.errors, 0)} | ${change(p50)} | ${cpu(variant).toFixed(0)} | ${change(cpu)} |`,
      );
    }
  });
  console.log('\n(medians over the rounds)');
}

await main();

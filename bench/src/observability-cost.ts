/**
 * What metrics and traces cost the users list (issue 23), side by side in one run: the built server
 * with neither, with Prometheus metrics (METRICS_PORT, /metrics scraped every second as a busy
 * Prometheus would), with traces (every request sampled, exported over OTLP/HTTP to a sink in this
 * process), with 1 trace in 10 sampled, and with both metrics and every trace. The variants take turns
 * in every round, so that drift of the shared machine falls on all of them. Latency, and the server's
 * CPU time per request (from /proc: steadier than latency on a shared machine). Then the metrics hooks
 * alone, in this process, on a route that does nothing.
 * `npm run bench:observability -w @pult/bench` after `npm run build` (or BENCH_SERVER_ENTRY naming a
 * bundle). Requirement: p50 with metrics at most 3 % above p50 without.
 *
 *   BENCH_DATABASE_URL=postgres://…  measure on PostgreSQL (else PGlite in a fresh demo DATA_DIR)
 *   BENCH_REQUESTS=1000              requests per round, variant and concurrency
 *   BENCH_ROUNDS=3                   rounds
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
import Fastify from 'fastify';
import { instrumentRequests } from '../../apps/api/src/metrics/metrics-http.js';
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

interface Variant {
  name: string;
  metrics: boolean;
  /** The share of traces sampled; 0: no collector, the SDK not loaded. */
  traces: number;
}

const VARIANTS: readonly Variant[] = [
  { name: 'neither', metrics: false, traces: 0 },
  { name: 'metrics', metrics: true, traces: 0 },
  { name: 'traces, all sampled', metrics: false, traces: 1 },
  { name: 'traces, 1 in 10 sampled', metrics: false, traces: 0.1 },
  { name: 'metrics + traces, all', metrics: true, traces: 1 },
];

/** A round's figures: the load's, and the server's CPU time per request (less noisy than latency). */
type Measured = LoadResult & { cpuUs: number };

/**
 * The server process's CPU time so far (user + system) in ms, from /proc (Linux; NaN elsewhere): what
 * a variant adds to each request's work, whatever else the shared machine runs meanwhile.
 */
async function cpuMs(pid: number | undefined): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command name (which may hold spaces, hence from the last ')'): utime is the 12th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  // Clock ticks of USER_HZ, 100 a second on Linux.
  return (ticks * 1000) / 100;
}

/** A collector that takes OTLP/HTTP exports and only counts them, as a sink would. */
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

/** The built server on a free port, with the entry this benchmark may be given. */
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

function variantEnv(variant: Variant, dataDir: string, collector: string, metricsPort: number) {
  return {
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
    ...(variant.metrics ? { METRICS_PORT: String(metricsPort) } : {}),
    // Empty, not absent: a collector set in the shell would otherwise trace the baseline too.
    OTEL_EXPORTER_OTLP_ENDPOINT: variant.traces > 0 ? collector : '',
    ...(variant.traces > 0 && variant.traces < 1
      ? { OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: String(variant.traces) }
      : {}),
  };
}

/** Scrapes /metrics every second while the round runs, as Prometheus would. */
async function startScraper(metricsPort: number): Promise<{ stop: () => number }> {
  const url = `http://127.0.0.1:${metricsPort}/metrics`;
  const first = await httpGet(url);
  if (first.status !== 200) throw new Error(`/metrics answered ${first.status}`);
  let scrapes = 0;
  const timer = setInterval(() => {
    void httpGet(url).then(() => {
      scrapes += 1;
    });
  }, 1_000);
  return {
    stop: () => {
      clearInterval(timer);
      return scrapes;
    },
  };
}

async function measure(variant: Variant, dataDir: string, collector: string): Promise<Measured[]> {
  const metricsPort = await freePort();
  const server = await startServer(variantEnv(variant, dataDir, collector, metricsPort));
  const scraper = variant.metrics ? await startScraper(metricsPort) : undefined;
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
      const load = await runLoad(`users list, ${variant.name}`, { requests: REQUESTS, concurrency }, list);
      const cpuUs = ((await cpuMs(server.child.pid)) - cpuBefore) * (1000 / load.requests);
      results.push({ ...load, cpuUs });
    }
    return results;
  } finally {
    scraper?.stop();
    await stopChild(server.child);
  }
}

/**
 * The metrics hooks alone, in this process, on a route that does nothing (Fastify's inject, no
 * sockets): the time they add per request, free of the noise a shared machine puts on the HTTP rounds.
 */
async function hookCost(): Promise<{ off: number; on: number }> {
  const perRequest = async (instrumented: boolean) => {
    const app = Fastify({ logger: false });
    if (instrumented) instrumentRequests(app);
    app.get('/auth/admin/users', async () => ({ items: [], total: 0 }));
    await app.ready();
    const run = async (n: number) => {
      const started = performance.now();
      for (let i = 0; i < n; i++) await app.inject({ url: `/auth/admin/users?page=${i % 20}` });
      return ((performance.now() - started) * 1000) / n;
    };
    await run(2_000);
    const times = [await run(10_000), await run(10_000), await run(10_000)];
    await app.close();
    return median(times);
  };
  const off: number[] = [];
  const on: number[] = [];
  for (let i = 0; i < 3; i++) {
    off.push(await perRequest(false));
    on.push(await perRequest(true));
  }
  return { off: median(off), on: median(on) };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function printTable(rounds: Map<Variant, Measured[][]>) {
  console.log(
    '| concurrency | variant | req/s | p50 ms | p99 ms | errors | p50 vs neither | server CPU µs/request | CPU vs neither |',
  );
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  const baseline = VARIANTS[0]!;
  CONCURRENCIES.forEach((concurrency, index) => {
    const of = (variant: Variant) => (rounds.get(variant) ?? []).map((results) => results[index]!);
    const p50 = (variant: Variant) => median(of(variant).map((r) => r.p50));
    const cpu = (variant: Variant) => median(of(variant).map((r) => r.cpuUs));
    for (const variant of VARIANTS) {
      const rows = of(variant);
      const change = (figure: (variant: Variant) => number) =>
        variant === baseline
          ? ''
          : `${(((figure(variant) - figure(baseline)) / figure(baseline)) * 100).toFixed(1)} %`;
      console.log(
        `| ${concurrency} | ${variant.name} | ${median(rows.map((r) => r.rps)).toFixed(0)} | ${p50(variant).toFixed(2)} | ${median(rows.map((r) => r.p99)).toFixed(2)} | ${rows.reduce((n, r) => n + r.errors, 0)} | ${change(p50)} | ${cpu(variant).toFixed(0)} | ${change(cpu)} |`,
      );
    }
  });
  console.log('\n(medians over the rounds)');
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-bench-observability-'));
  const sink = await startSink();
  const target = DATABASE_URL ? 'PostgreSQL' : 'PGlite (demo data)';
  console.log(
    `observability-cost on ${target}: ${ROUNDS} rounds × ${REQUESTS} requests per variant and concurrency`,
  );
  const rounds = new Map<Variant, Measured[][]>(VARIANTS.map((variant) => [variant, []]));
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const variant of VARIANTS) {
        const before = sink.exports();
        const results = await measure(variant, dataDir, sink.url);
        rounds.get(variant)?.push(results);
        const exported = variant.traces > 0 ? ` (${sink.exports() - before} OTLP exports received)` : '';
        console.log(
          `round ${round}, ${variant.name}: ${results.map((r) => `c${r.concurrency} p50 ${r.p50.toFixed(2)} ms, CPU ${r.cpuUs.toFixed(0)} µs/request`).join(', ')}${exported}`,
        );
      }
    }
  } finally {
    await sink.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\nobservability-cost on ${target}, node ${process.version}, ${os.cpus().length} cores\n`);
  printTable(rounds);
  const hooks = await hookCost();
  console.log(
    `\nmetrics hooks alone (inject, empty route, medians): ${hooks.off.toFixed(1)} µs/request without, ${hooks.on.toFixed(1)} µs with: +${(hooks.on - hooks.off).toFixed(1)} µs per request`,
  );
}

await main();

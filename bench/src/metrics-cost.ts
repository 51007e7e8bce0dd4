/**
 * What Prometheus metrics cost the users list (issue 23): the built server with metrics off, then on
 * (METRICS_PORT: every request timed and counted, /metrics scraped every second as a busy Prometheus
 * would), alternating A B A B … so that drift of the machine falls on both. `npm run bench:metrics`
 * after `npm run build`. Requirement: p50 with metrics at most 3 % above p50 without.
 *
 *   BENCH_DATABASE_URL=postgres://…  measure on PostgreSQL (else PGlite in a fresh demo DATA_DIR)
 *   BENCH_REQUESTS=1000              requests per round and variant
 *   BENCH_ROUNDS=3                   rounds (each: off, then on)
 *   BENCH_CONCURRENCY=1,8            concurrencies
 *
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { instrumentRequests } from '../../apps/api/src/metrics/metrics-http.js';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';
import { httpGet } from './http-client.js';
import { type LoadResult, runLoad } from './load.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,8').split(',').map(Number);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const BENCH_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

type Variant = 'off' | 'on';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function measure(variant: Variant, dataDir: string): Promise<LoadResult[]> {
  const metricsPort = await freePort();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ...(DATABASE_URL
      ? {
          DATABASE_URL,
          ADMIN_EMAIL: DEMO_ADMIN.email,
          ADMIN_PASSWORD: DEMO_ADMIN.password,
          SECRET_KEY: BENCH_SECRET_KEY,
        }
      : {}),
    ...(variant === 'on' ? { METRICS_PORT: String(metricsPort) } : {}),
  };
  const pult = await startPult(env);
  let scraper: NodeJS.Timeout | undefined;
  let scrapes = 0;
  try {
    const token = await demoAdminToken(pult.url);
    let page = 0;
    const list = async () => {
      page = (page % 20) + 1;
      const response = await httpGet(
        `${pult.url}/auth/admin/users?page=${page}&perPage=10&sort=-created_at`,
        {
          authorization: `Bearer ${token}`,
        },
      );
      return response.status === 200;
    };
    if (variant === 'on') {
      const scrape = await httpGet(`http://127.0.0.1:${metricsPort}/metrics`);
      if (scrape.status !== 200) throw new Error(`/metrics answered ${scrape.status}`);
      scraper = setInterval(() => {
        void httpGet(`http://127.0.0.1:${metricsPort}/metrics`).then(() => {
          scrapes += 1;
        });
      }, 1_000);
    }
    await runLoad('warm-up', { requests: 200, concurrency: 4 }, list);
    const results: LoadResult[] = [];
    for (const concurrency of CONCURRENCIES) {
      results.push(
        await runLoad(`users list, metrics ${variant}`, { requests: REQUESTS, concurrency }, list),
      );
    }
    if (variant === 'on') console.log(`  (${scrapes} scrapes of /metrics during the round)`);
    return results;
  } finally {
    clearInterval(scraper);
    await pult.stop({ keepData: true });
  }
}

/**
 * The hooks alone, in this process, on a route that does nothing (Fastify's inject, no sockets): the
 * added time per request, free of the noise a shared machine puts on the HTTP rounds.
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

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-bench-metrics-'));
  const target = DATABASE_URL ? 'PostgreSQL' : 'PGlite (demo data)';
  console.log(
    `metrics-cost on ${target}: ${ROUNDS} rounds × ${REQUESTS} requests per variant and concurrency`,
  );
  const rounds: Record<Variant, LoadResult[][]> = { off: [], on: [] };
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      for (const variant of ['off', 'on'] as const) {
        const results = await measure(variant, dataDir);
        rounds[variant].push(results);
        console.log(
          `round ${round}, metrics ${variant}: ${results.map((r) => `c${r.concurrency} p50 ${r.p50.toFixed(2)} ms`).join(', ')}`,
        );
      }
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`\nmetrics-cost on ${target}, node ${process.version}, ${os.cpus().length} cores\n`);
  console.log('| concurrency | metrics | req/s | p50 ms | p99 ms | errors | p50 vs off |');
  console.log('| ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  CONCURRENCIES.forEach((concurrency, index) => {
    const of = (variant: Variant) => rounds[variant].map((results) => results[index]!);
    const p50 = { off: median(of('off').map((r) => r.p50)), on: median(of('on').map((r) => r.p50)) };
    for (const variant of ['off', 'on'] as const) {
      const rows = of(variant);
      const change = variant === 'on' ? `${(((p50.on - p50.off) / p50.off) * 100).toFixed(1)} %` : '';
      console.log(
        `| ${concurrency} | ${variant} | ${median(rows.map((r) => r.rps)).toFixed(0)} | ${p50[variant].toFixed(2)} | ${median(rows.map((r) => r.p99)).toFixed(2)} | ${rows.reduce((n, r) => n + r.errors, 0)} | ${change} |`,
      );
    }
  });
  console.log('\n(medians over the rounds)');
  const hooks = await hookCost();
  console.log(
    `\nhooks alone (inject, empty route, medians): ${hooks.off.toFixed(1)} µs/request without, ${hooks.on.toFixed(1)} µs with: +${(hooks.on - hooks.off).toFixed(1)} µs per request`,
  );
}

await main();

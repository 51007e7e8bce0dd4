/**
 * Does compressing the API's JSON pay? (issue 12) A 1,000-row stretch of the users list (ten pages of
 * 100, the API's largest page) fetched from the built server on loopback, plain, gzip and brotli:
 * bytes on the wire and time to the last byte, then that time modelled on slower links
 * (`npm run bench:compression -w @pult/bench`, after `npm run build`).
 *
 *   BENCH_ROUNDS=20   fetches of the ten pages per encoding (the median is reported)
 *
 * A fresh embedded database gets 1,000 seeded users on top of the demo ones; the figures are printed, never asserted, and recorded in
 * docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const PAGES = 10;
const PER_PAGE = 100;
const ENCODINGS = ['identity', 'gzip', 'br'] as const;

/** Download rate and round trip of the links the time is modelled on. */
const LINKS = [
  { name: 'office Wi-Fi, 50 Mbit/s, 10 ms', bitsPerSecond: 50e6, rttMs: 10 },
  { name: 'mobile 4G, 10 Mbit/s, 50 ms', bitsPerSecond: 10e6, rttMs: 50 },
  { name: 'slow 3G, 1.6 Mbit/s, 150 ms', bitsPerSecond: 1.6e6, rttMs: 150 },
];

interface Fetched {
  bytes: number;
  ms: number;
  rows: number;
  encoding: string;
}

/** One GET with the raw body counted as it arrives (no decompression: the wire's bytes). */
function fetchRaw(url: string, token: string, acceptEncoding: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.get(
      url,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({
            bytes,
            ms: performance.now() - started,
            rows: PER_PAGE,
            encoding: String(response.headers['content-encoding'] ?? 'identity'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

async function rowsOfOnePage(base: string, token: string): Promise<number> {
  const response = await fetch(`${base}/auth/admin/users?perPage=${PER_PAGE}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { items: unknown[] }).items.length;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-bench-compression-'));
  const seed = spawnSync('npm', ['run', 'seed', '--', '--users', String(PAGES * PER_PAGE)], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'inherit',
  });
  if (seed.status !== 0) throw new Error('Seeding failed');
  const pult = await startPult({ LOG_LEVEL: 'warn', DATA_DIR: dataDir });
  try {
    const token = await demoAdminToken(pult.url);
    const rows = await rowsOfOnePage(pult.url, token);
    if (rows < PER_PAGE) throw new Error(`The demo database has ${rows} users: too few for full pages`);
    const urls = Array.from(
      { length: PAGES },
      (_, index) => `${pult.url}/auth/admin/users?perPage=${PER_PAGE}&page=${index + 1}`,
    );
    // Warm-up: code paths, caches, the database's pages.
    for (const encoding of ENCODINGS) for (const url of urls) await fetchRaw(url, token, encoding);

    const results = [];
    for (const encoding of ENCODINGS) {
      const totals: { bytes: number; ms: number }[] = [];
      let seen = '';
      for (let round = 0; round < ROUNDS; round += 1) {
        let bytes = 0;
        let ms = 0;
        for (const url of urls) {
          const page = await fetchRaw(url, token, encoding);
          bytes += page.bytes;
          ms += page.ms;
          if (url === urls[0]) seen = page.encoding;
        }
        totals.push({ bytes, ms });
      }
      results.push({
        encoding,
        served: seen,
        bytes: median(totals.map((total) => total.bytes)),
        ms: median(totals.map((total) => total.ms)),
      });
    }

    console.log(
      `\njson-compression: ${PAGES} pages × ${PER_PAGE} users, node ${process.version}, ${os.cpus().length} cores\n`,
    );
    const plainBytes = results[0]!.bytes;
    console.log('| asked | served | KB for 1,000 rows | saved | loopback ms (10 requests) |');
    console.log('| --- | --- | ---: | ---: | ---: |');
    for (const r of results) {
      const saved = `${(100 * (1 - r.bytes / plainBytes)).toFixed(0)} %`;
      console.log(
        `| ${r.encoding} | ${r.served} | ${(r.bytes / 1000).toFixed(1)} | ${saved} | ${r.ms.toFixed(1)} |`,
      );
    }
    // Per page: one round trip plus the body at the link's rate (slow start and latency to the first
    // byte are left out, which favours the larger, plain body), plus the server's time from loopback.
    console.log(`\n| link | ${results.map((r) => `${r.encoding} ms`).join(' | ')} |`);
    console.log(`| --- | ${results.map(() => '---:').join(' | ')} |`);
    for (const link of LINKS) {
      const cells = results.map((r) => {
        const transfer = (r.bytes * 8 * 1000) / link.bitsPerSecond;
        return (PAGES * link.rttMs + transfer + r.ms).toFixed(0);
      });
      console.log(`| ${link.name} | ${cells.join(' | ')} |`);
    }
  } finally {
    await pult.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The storage service under load, through real HTTP on the built server (`npm run build` first):
 * `npm run bench:storage -w @pult/bench`.
 *
 *   BENCH_DATABASE_URL=postgres://…/pult_bench_storage   required: the figures are PostgreSQL's
 *   BENCH_LOG_ROWS=5000000                               rows the logs table must hold for the list figures
 *   BENCH_FILE_MB=100                                    size of the upload/download file
 *
 * 1. Ingestion: batches of 1,000 log entries (and errors) posted by concurrent clients, entries/s.
 * 2. Lists at BENCH_LOG_ROWS logs: the newest page, and level + service + date filters, p50/p99.
 * 3. A BENCH_FILE_MB file uploaded and downloaded through each driver (local, then S3 on s3rver),
 *    MB/s and the server's resident memory (peak growth over its idle size).
 * Figures are printed, never asserted; docs/performance.md records them.
 */

import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { startS3Server } from '../../apps/api/src/test/s3-server.js';
import { DEMO_ADMIN, type PultServer, startPult } from '../../e2e/support/pult-server.js';
import { type LoadResult, printTable, runLoad } from './load.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const LOG_ROWS = Number(process.env.BENCH_LOG_ROWS ?? 5_000_000);
const FILE_MB = Number(process.env.BENCH_FILE_MB ?? 100);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const BASE = '/storage/api/v1';
const SECRET_KEY = Buffer.alloc(32, 9).toString('base64');
const SERVICES = ['web', 'mobile-app', 'billing', 'notifier', 'search', 'auth'];
/** Which parts to run: `ingest,lists,files` (all by default). */
const PARTS = new Set((process.env.BENCH_PARTS ?? 'ingest,lists,files').split(','));

interface Session {
  pult: PultServer;
  admin: Record<string, string>;
  storageKey: string;
}

async function main() {
  if (!DATABASE_URL)
    throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL database made for this benchmark');
  console.log(
    `storage-api on PostgreSQL, node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const session = await start({});
  try {
    if (PARTS.has('ingest')) {
      const ingestion = await measureIngestion(session);
      console.log('\n### Ingestion\n');
      console.log('| what | clients | batches | entries | seconds | entries/s |');
      console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
      for (const row of ingestion) console.log(row);
    }
    if (PARTS.has('lists')) {
      await ensureLogRows(LOG_ROWS);
      const lists = await measureLists(session);
      console.log(
        `\n### Lists at ${LOG_ROWS.toLocaleString('en')} log rows (load ${os.loadavg()[0]?.toFixed(1)})\n`,
      );
      printTable(lists);
    }
    if (PARTS.has('files')) {
      console.log('\n### Files through the local driver\n');
      console.log(await measureFiles(session, 'local'));
    }
  } finally {
    await session.pult.stop();
  }
  if (!PARTS.has('files')) return;
  const s3 = await startS3Server('pult-bench');
  const onS3 = await start(s3.env);
  try {
    console.log('\n### Files through the S3 driver (s3rver on loopback)\n');
    console.log(await measureFiles(onS3, 's3'));
  } finally {
    await onS3.pult.stop();
    await s3.close();
  }
}

async function start(env: Record<string, string>): Promise<Session> {
  const pult = await startPult({
    DATABASE_URL: DATABASE_URL as string,
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
    SECRET_KEY,
    LOG_LEVEL: 'warn',
    ...env,
  });
  const signin = await fetch(`${pult.url}/auth/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO_ADMIN),
  });
  const { access_token } = (await signin.json()) as { access_token: string };
  const admin = { authorization: `Bearer ${access_token}` };
  const keys = await fetch(`${pult.url}/auth/admin/settings/regenerate-api-keys`, {
    method: 'POST',
    headers: admin,
  });
  const storageKey = ((await keys.json()) as { keys: { service: string; key: string }[] }).keys.find(
    (entry) => entry.service === 'storage',
  )?.key;
  if (!storageKey) throw new Error('No storage key');
  return { pult, admin, storageKey };
}

function entries(count: number, seed: number) {
  return Array.from({ length: count }, (_, i) => ({
    message: `Request ${seed}-${i} served in ${(i * 7) % 900} ms`,
    level: ['debug', 'info', 'info', 'warn', 'error'][i % 5],
    service: SERVICES[i % SERVICES.length],
    environment: i % 4 === 0 ? 'staging' : 'production',
    context: { request_id: `${seed}-${i}`, user_id: i % 1000, path: '/api/v1/orders' },
  }));
}

async function measureIngestion(session: Session): Promise<string[]> {
  const rows: string[] = [];
  for (const [kind, clients, batches] of [
    ['logs', 1, 20],
    ['logs', 4, 60],
    ['errors', 4, 20],
  ] as const) {
    const bodies = Array.from({ length: batches }, (_, i) => JSON.stringify(entries(1000, i)));
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++] as string;
          const response = await fetch(`${session.pult.url}${BASE}/${kind}`, {
            method: 'POST',
            headers: { 'x-api-key': session.storageKey, 'content-type': 'application/json' },
            body,
          });
          if (response.status !== 201)
            throw new Error(`Ingest failed: ${response.status} ${await response.text()}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const total = batches * 1000;
    rows.push(
      `| POST /${kind}, batches of 1,000 | ${clients} | ${batches} | ${total} | ${seconds.toFixed(2)} | ${Math.round(total / seconds)} |`,
    );
  }
  return rows;
}

/**
 * Tops the logs table up to `target` rows with one INSERT … SELECT (a bulk load, as a restore would
 * do: indexes dropped first and rebuilt after), spread over 30 days, 6 services, 2 environments and
 * the 5 levels.
 */
async function ensureLogRows(target: number): Promise<void> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>('select n from row_counts where table_name = $1', [
      'storage_logs',
    ]);
    const missing = target - Number(rows[0]?.n ?? 0);
    if (missing <= 0) return;
    console.log(`Loading ${missing.toLocaleString('en')} log rows…`);
    await client.query(
      `insert into storage_log_names (kind, name)
      select 'service', unnest($1::text[]) union all select 'environment', unnest(array['production', 'staging'])
      on conflict do nothing`,
      [SERVICES],
    );
    const indexes = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'storage_logs' and indexname <> 'storage_logs_pkey'`,
    );
    const started = performance.now();
    for (const index of indexes.rows) await client.query(`drop index ${index.indexname}`);
    await client.query('set statement_timeout = 0');
    await client.query(
      `insert into storage_logs (created_at, received_at, level, service_id, environment_id, message, context)
       select t, t, (array['debug','info','info','info','warn','error','fatal'])[1 + (i % 7)],
         (select id from storage_log_names where kind = 'service' and name = ($2::text[])[1 + (i % 6)]),
         (select id from storage_log_names where kind = 'environment' and name = case when i % 5 = 0 then 'staging' else 'production' end),
         (array['User ' || (i % 100000) || ' signed in', 'Order ' || i || ' paid', 'Cache miss for key profile:' || (i % 5000),
                'Slow query: ' || (i % 3000) || ' ms', 'Payment ' || i || ' declined'])[1 + (i % 5)],
         jsonb_build_object('request_id', i)
       from (select i, now() - (random() * interval '30 days') as t from generate_series(1, $1::int) as i) s`,
      [missing, SERVICES],
    );
    for (const index of indexes.rows) await client.query(index.indexdef);
    await client.query('vacuum analyze storage_logs');
    console.log(`Loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await client.end();
  }
}

async function measureLists(session: Session): Promise<LoadResult[]> {
  const services = (await (
    await fetch(`${session.pult.url}${BASE}/admin/log-services/lookup`, { headers: session.admin })
  ).json()) as { items: { value: number; label: string }[] };
  const serviceIds = services.items.filter((item) => SERVICES.includes(item.label)).map((item) => item.value);
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)] as T;
  const shapes: [string, () => string][] = [
    ['newest page (no filter)', () => ''],
    ['page 50 (no filter)', () => 'page=50'],
    [
      'level + service + one day',
      () =>
        `filter[level]=${pick(['warn', 'error'])}&filter[service_id]=${pick(serviceIds)}&filter[created_at]=${day(1 + Math.floor(Math.random() * 25))}`,
    ],
    [
      'level + service + 7 days',
      () => {
        const start = 2 + Math.floor(Math.random() * 20);
        return `filter[level]=error&filter[service_id]=${pick(serviceIds)}&filter[created_at]=${day(start + 6)},${day(start)}`;
      },
    ],
    ['level only', () => `filter[level]=${pick(['warn', 'error', 'fatal'])}`],
  ];
  const results: LoadResult[] = [];
  const health = async () => (await fetch(`${session.pult.url}/healthz`)).ok;
  results.push(
    await runLoad('GET /healthz (HTTP floor)', { requests: REQUESTS, concurrency: CONCURRENCY }, health),
  );
  for (const [name, query] of shapes) {
    const get = async () => {
      const response = await fetch(`${session.pult.url}${BASE}/admin/logs?${query()}`, {
        headers: session.admin,
      });
      await response.arrayBuffer();
      return response.ok;
    };
    await runLoad('warm-up', { requests: 20, concurrency: CONCURRENCY }, get);
    results.push(await runLoad(`API ${name}`, { requests: REQUESTS, concurrency: CONCURRENCY }, get));
  }
  results.push(...(await measureRawSql(shapes)));
  return results;
}

/**
 * The two statements a list sends, straight to PostgreSQL: the page found on keys, and the exact
 * total. Apart, so the figures say which of the two a slow shape pays for.
 */
async function measureRawSql(shapes: [string, () => string][]): Promise<LoadResult[]> {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: CONCURRENCY * 2 });
  const results: LoadResult[] = [];
  try {
    for (const [name, query] of shapes) {
      const page = async () => {
        const params = new URLSearchParams(query());
        const { sql, values } = whereOf(params);
        const offset = (Number(params.get('page') ?? 1) - 1) * 10;
        await pool.query(
          `select id from storage_logs where ${sql} order by created_at desc, id desc limit 10 offset ${offset}`,
          values,
        );
        return true;
      };
      const count = async () => {
        const { sql, values } = whereOf(new URLSearchParams(query()));
        if (values.length === 0)
          await pool.query(`select n from row_counts where table_name = 'storage_logs'`);
        else await pool.query(`select count(*) from storage_logs where ${sql}`, values);
        return true;
      };
      results.push(
        await runLoad(`SQL page: ${name}`, { requests: REQUESTS, concurrency: CONCURRENCY }, page),
      );
      results.push(
        await runLoad(
          `SQL total: ${name}`,
          { requests: Math.min(REQUESTS, 100), concurrency: CONCURRENCY },
          count,
        ),
      );
    }
  } finally {
    await pool.end();
  }
  return results;
}

/** The WHERE the list engine builds for these filters, with bound values. */
function whereOf(params: URLSearchParams): { sql: string; values: unknown[] } {
  const parts = ['true'];
  const values: unknown[] = [];
  const level = params.get('filter[level]');
  const service = params.get('filter[service_id]');
  const days = params.get('filter[created_at]');
  if (level) {
    values.push(level);
    parts.push(`level = $${values.length}::text`);
  }
  if (service) {
    values.push(Number(service));
    parts.push(`service_id = $${values.length}::bigint`);
  }
  if (days) {
    const [from, to = from] = days.split(',');
    values.push(from, to);
    parts.push(
      `created_at >= ($${values.length - 1}::date)::timestamp at time zone 'UTC' and created_at < ($${values.length}::date + 1)::timestamp at time zone 'UTC'`,
    );
  }
  return { sql: parts.join(' and '), values };
}

/** Resident memory of a process, from /proc (bytes). */
async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

/** Samples a process's RSS every 20 ms while `work` runs; the peak. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = await rssOf(pid);
  const timer = setInterval(() => {
    void rssOf(pid).then((rss) => {
      peak = Math.max(peak, rss);
    });
  }, 20);
  try {
    const result = await work();
    return { result, peak };
  } finally {
    clearInterval(timer);
  }
}

async function measureFiles(session: Session, driver: string): Promise<string> {
  const { pult, admin } = session;
  const pid = pult.pid as number;
  const name = `bench-${driver}-${Date.now().toString(36)}`;
  const created = await fetch(`${pult.url}${BASE}/admin/buckets`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      access: 'private',
      size_limit_mb: FILE_MB * 2,
      presign_expiry_seconds: 600,
    }),
  });
  if (created.status !== 201) throw new Error(`Bucket: ${created.status} ${await created.text()}`);
  const size = FILE_MB * 1024 * 1024;
  const idle = await rssOf(pid);

  const upload = await peakRss(pid, () => streamUpload(pult.url, admin, name, size));
  const uuid = upload.result.uuid;
  const link = (await (
    await fetch(`${pult.url}${BASE}/admin/files/${uuid}/url`, { headers: admin })
  ).json()) as { url: string };
  const idleAfter = await rssOf(pid);
  const download = await peakRss(pid, () => streamDownload(link.url));
  if (download.result.bytes !== size) throw new Error(`Downloaded ${download.result.bytes} of ${size} bytes`);
  await fetch(`${pult.url}${BASE}/admin/files/${uuid}`, { method: 'DELETE', headers: admin });

  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  return [
    '| direction | MB | seconds | MB/s | server RSS idle → peak (growth) |',
    '| --- | ---: | ---: | ---: | --- |',
    `| upload (multipart, streamed to the store) | ${FILE_MB} | ${upload.result.seconds.toFixed(2)} | ${(FILE_MB / upload.result.seconds).toFixed(0)} | ${mb(idle)} → ${mb(upload.peak)} MB (+${mb(upload.peak - idle)}) |`,
    `| download (${driver === 's3' ? 'presigned URL, served by the store' : 'signed link, served by Pult'}) | ${FILE_MB} | ${download.result.seconds.toFixed(2)} | ${(FILE_MB / download.result.seconds).toFixed(0)} | ${mb(idleAfter)} → ${mb(download.peak)} MB (+${mb(download.peak - idleAfter)}) |`,
  ].join('\n');
}

/** A multipart body generated on the fly: the client holds one 1 MB chunk, never the file. */
function streamUpload(
  baseUrl: string,
  admin: Record<string, string>,
  bucket: string,
  size: number,
): Promise<{ uuid: string; seconds: number }> {
  const boundary = `----bench${Date.now()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="bucket"\r\n\r\n${bucket}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nbig/file.bin\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="file.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, 0x5a);
  const url = new URL(`${baseUrl}${BASE}/admin/files`);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          ...admin,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + size + tail.length),
        },
      },
      (response) => {
        let text = '';
        response.on('data', (data) => {
          text += data;
        });
        response.on('end', () => {
          if (response.statusCode !== 201) reject(new Error(`Upload: ${response.statusCode} ${text}`));
          else
            resolve({
              uuid: (JSON.parse(text) as { uuid: string }).uuid,
              seconds: (performance.now() - started) / 1000,
            });
        });
      },
    );
    request.on('error', reject);
    let sent = 0;
    const pump = () => {
      while (sent < size) {
        const part = sent + chunk.length <= size ? chunk : chunk.subarray(0, size - sent);
        sent += part.length;
        if (!request.write(part)) {
          request.once('drain', pump);
          return;
        }
      }
      request.end(tail);
    };
    request.write(head);
    pump();
  });
}

async function streamDownload(url: string): Promise<{ bytes: number; seconds: number }> {
  const started = performance.now();
  const response = await fetch(url);
  let bytes = 0;
  for await (const part of response.body as unknown as AsyncIterable<Uint8Array>) bytes += part.length;
  return { bytes, seconds: (performance.now() - started) / 1000 };
}

await main();

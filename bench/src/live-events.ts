/**
 * Live change streams under load, on the built server (`npm run build` first):
 * `npm run bench:live -w @pult/bench`.
 *
 *   BENCH_DATABASE_URL=postgres://…/pult_bench_live   PostgreSQL (created when missing); default below
 *   BENCH_STREAMS=1000   BENCH_RATE=50   BENCH_SECONDS=20
 *
 * BENCH_STREAMS panels (one signed-in administrator's streams, `GET /auth/admin/events`) stay open on
 * one server process while a writer changes BENCH_RATE cities a second (one statement each, straight
 * in PostgreSQL, as a worker or another process would). Reported: the delay from the start of each
 * change's statement to each stream's receipt of its event (p50/p99 over every delivery), deliveries
 * missing at the end, and the server's resident memory before and with the streams open. Figures are
 * printed, never asserted; docs/performance.md records them.
 */
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { percentile } from './load.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pult_bench_live';
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CITIES = 200;

async function recreateDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1).replace(/"/g, '');
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  await client.query(`drop database if exists "${name}" with (force)`);
  await client.query(`create database "${name}"`);
  await client.end();
}

async function residentMb(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/** One panel's stream: counts each change event and hands its version to `onChange`. */
async function openStream(
  base: string,
  token: string,
  onChange: (version: string) => void,
  onEnd: () => void,
) {
  const abort = new AbortController();
  const response = await fetch(`${base}/auth/admin/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`stream: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let ready!: () => void;
  const connected = new Promise<void>((resolve) => {
    ready = resolve;
  });
  void (async () => {
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) {
        onEnd();
        return;
      }
      buffer += decoder.decode(value, { stream: true });
      if (buffer.includes(': connected')) ready();
      let at = buffer.indexOf('\n\n');
      while (at >= 0) {
        const frame = buffer.slice(0, at);
        buffer = buffer.slice(at + 2);
        const version = /"version":"W\/\\"(\d+)\\""/.exec(frame)?.[1];
        if (version) onChange(version);
        at = buffer.indexOf('\n\n');
      }
    }
  })();
  await connected;
  return () => abort.abort();
}

async function main() {
  await recreateDatabase();
  const server = await startPult({
    DATABASE_URL,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
  });
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const signin = await fetch(`${server.url}/auth/admin/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO_ADMIN),
    });
    const { access_token: token } = (await signin.json()) as { access_token: string };
    const country = await db.query<{ id: number }>(
      "insert into countries (code, name_en, name_uk) values ('BQ', 'Bench', 'Бенч') returning id",
    );
    const cities = await db.query<{ id: number }>(
      `insert into cities (country_id, name_en, name_uk)
       select $1, 'Town ' || i, 'Місто ' || i from generate_series(1, ${CITIES}) as i returning id`,
      [country.rows[0]?.id],
    );
    const ids = cities.rows.map((row) => row.id);

    const idleMb = await residentMb(server.pid);
    const started = new Map<string, number>();
    // Arrivals are matched to their change's start at the end: an event may arrive before the writer
    // has the statement's answer.
    const arrivals: Array<{ version: string; at: number }> = [];
    const closers: Array<() => void> = [];
    let endedEarly = 0;
    let measuring = true;
    const onChange = (version: string) => arrivals.push({ version, at: performance.now() });
    const onEnd = () => {
      if (measuring) endedEarly += 1;
    };
    const opening = performance.now();
    for (let i = 0; i < STREAMS; i += 50) {
      const batch = Math.min(50, STREAMS - i);
      closers.push(
        ...(await Promise.all(
          Array.from({ length: batch }, () => openStream(server.url, token, onChange, onEnd)),
        )),
      );
    }
    const openSeconds = (performance.now() - opening) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const openMb = await residentMb(server.pid);

    const total = RATE * SECONDS;
    const begin = performance.now();
    for (let n = 0; n < total; n += 1) {
      const due = begin + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const at = performance.now();
      const result = await db.query<{ version: string }>(
        'update cities set name_en = $1 where id = $2 returning xmin::text as version',
        [`Town ${n}`, ids[n % ids.length]],
      );
      const version = result.rows[0]?.version;
      if (version) started.set(version, at);
    }
    const achieved = total / ((performance.now() - begin) / 1000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const busyMb = await residentMb(server.pid);
    measuring = false;
    for (const close of closers) close();

    const delays = arrivals.flatMap(({ version, at }) => {
      const start = started.get(version);
      return start === undefined ? [] : [at - start];
    });
    const sorted = [...delays].sort((a, b) => a - b);
    const expected = total * STREAMS;
    console.log(
      `Live streams: ${STREAMS} open (in ${openSeconds.toFixed(1)} s), ${total} changes at ${achieved.toFixed(1)}/s`,
    );
    console.log(`  deliveries        ${delays.length} of ${expected} (${expected - delays.length} missing)`);
    console.log(`  streams ended     ${endedEarly} before the end (dropped as slow readers, or failed)`);
    console.log(`  delivery p50      ${percentile(sorted, 0.5).toFixed(1)} ms`);
    console.log(`  delivery p99      ${percentile(sorted, 0.99).toFixed(1)} ms`);
    console.log(`  delivery max      ${(sorted[sorted.length - 1] ?? 0).toFixed(1)} ms`);
    console.log(
      `  server RSS        ${idleMb} MB idle, ${openMb} MB with the streams, ${busyMb} MB after the changes`,
    );
    console.log(`  per stream        ${(((openMb - idleMb) * 1024) / STREAMS).toFixed(1)} KB`);
  } finally {
    await db.end();
    await server.stop();
  }
}

await main();

/**
 * The chat service under load, through real HTTP and WebSockets on the built server (`npm run build`
 * first): `npm run bench:chat -w @pult/bench`.
 *
 *   BENCH_DATABASE_URL=postgres://…/pult_bench_chat   PostgreSQL (created when missing); default below
 *   BENCH_SOCKETS=1000  BENCH_CHANNELS=50              sockets and channels of the fan-out part
 *   BENCH_MESSAGES=2000 BENCH_CONCURRENCY=16           messages posted per run, by that many posters
 *   BENCH_PARTS=fanout,history,channels
 *   BENCH_HISTORY_ROWS=1000000 BENCH_HISTORY_CONCURRENCY=4   the history channel's size, its clients
 *
 * 1. Fan-out: BENCH_SOCKETS sockets (10 per user, 2 users per channel) on one server process, then
 *    spread over two processes on the same PostgreSQL; messages/s posted and the latency from the
 *    POST's start to each socket's delivery, p50/p99.
 * 2. History: a channel of 1,000,000 messages, pages at random cursors, p50/p99.
 * 3. Admin channel list at 100,000 channels: first page, sorted by messages, a filter, a deep page.
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import os from 'node:os';
import pg from 'pg';
import WebSocket from 'ws';
import { DEMO_ADMIN, type PultServer, startPult } from '../../e2e/support/pult-server.js';
import { percentile, printTable, runLoad } from './load.js';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pult_bench_chat';
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1000);
const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 50);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PARTS = new Set((process.env.BENCH_PARTS ?? 'fanout,history,channels').split(','));
const CHAT = '/chat/rest/v1';
const PASSWORD = 'bench-chat-2026';
const HISTORY_ROWS = Number(process.env.BENCH_HISTORY_ROWS ?? 1_000_000);
const HISTORY_CONCURRENCY = Number(process.env.BENCH_HISTORY_CONCURRENCY ?? 4);
const HISTORY_LABEL = `${(HISTORY_ROWS / 1_000_000).toLocaleString('en')}M messages`;
/** Messages per statement while filling the history channel (a statement per chunk shows progress). */
const HISTORY_CHUNK = 500_000;
const CHANNEL_ROWS = 100_000;

interface User {
  uid: string;
  token: string;
}

async function ensureDatabase() {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  const admin = new URL(DATABASE_URL);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await client.query(`create database "${name.replace(/"/g, '')}"`);
  await client.end();
}

async function json<T>(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

async function adminToken(base: string) {
  return (await json<{ access_token: string }>(base, 'POST', '/auth/admin/signin', undefined, DEMO_ADMIN))
    .access_token;
}

/** Users `bench-chat-<n>@pult.bench`, created once (looked up in the database, so no sign-in fails), signed in each run. */
async function users(base: string, count: number): Promise<User[]> {
  const admin = await adminToken(base);
  const result: User[] = [];
  for (let index = 0; index < count; index += 1) {
    const email = `bench-chat-${index}@pult.bench`;
    let found = await db().query<{ uid: string }>('select uid::text as uid from users where email = $1', [
      email,
    ]);
    if (!found.rows[0]) {
      await json(base, 'POST', '/auth/admin/users', admin, {
        email,
        password: PASSWORD,
        password_repeat: PASSWORD,
        first_name: 'Bench',
        last_name: `User ${index}`,
        language: 'en-US',
        status: 1,
      });
      found = await db().query<{ uid: string }>('select uid::text as uid from users where email = $1', [
        email,
      ]);
    }
    const tokens = await json<{ access_token: string }>(base, 'POST', '/auth/user/signin', undefined, {
      email,
      password: PASSWORD,
    });
    result.push({ uid: found.rows[0]?.uid ?? '', token: tokens.access_token });
  }
  return result;
}

let database: pg.Pool | undefined;
const db = () => {
  database ??= new pg.Pool({ connectionString: DATABASE_URL, max: 4 });
  return database;
};

/** Channel `bench-fanout-<c>` created by user 2c with user 2c+1. */
async function fanoutChannels(base: string, people: User[]): Promise<number[]> {
  const ids: number[] = [];
  for (let c = 0; c < CHANNELS; c += 1) {
    const owner = people[2 * c] as User;
    const url = `bench-fanout-${c}`;
    const existing = await db().query<{ id: number }>('select id from chat_channels where url = $1', [url]);
    if (existing.rows[0]) {
      ids.push(Number(existing.rows[0].id));
      continue;
    }
    const channel = await json<{ id: number }>(base, 'POST', `${CHAT}/channels`, owner.token, {
      type: 'group',
      name: `Bench ${c}`,
      url,
      member_uids: [(people[2 * c + 1] as User).uid],
    });
    ids.push(channel.id);
  }
  return ids;
}

interface Socket {
  ws: WebSocket;
  ready: Promise<void>;
}

function openSocket(
  base: string,
  token: string,
  onMessage: (frame: { type: string; data?: { message?: { body: string } } }) => void,
): Socket {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${CHAT}/ws`);
  const ready = new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`socket closed with ${code} before ready`)));
    ws.on('message', (data) => {
      const frame = JSON.parse(String(data)) as { type: string };
      if (frame.type === 'ready') resolve();
      else onMessage(frame);
    });
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', token })));
  });
  return { ws, ready };
}

async function fanout(servers: PultServer[], people: User[], channels: number[]) {
  const latencies: number[] = [];
  let delivered = 0;
  const onMessage = (frame: { type: string; data?: { message?: { body: string } } }) => {
    if (frame.type !== 'message.created') return;
    const sentAt = Number(frame.data?.message?.body.split(' ')[1]);
    latencies.push(performance.now() + performance.timeOrigin - sentAt);
    delivered += 1;
  };
  const perUser = Math.max(1, Math.floor(SOCKETS / (2 * channels.length)));
  const sockets: Socket[] = [];
  for (let index = 0; index < channels.length * 2 * perUser; index += 1) {
    const user = people[Math.floor(index / perUser)] as User;
    const server = servers[index % servers.length] as PultServer;
    sockets.push(openSocket(server.url, user.token, onMessage));
    if (index % 100 === 99) await Promise.all(sockets.map((socket) => socket.ready));
  }
  await Promise.all(sockets.map((socket) => socket.ready));
  const result = await runLoad(
    `post, ${sockets.length} sockets on ${servers.length} process(es)`,
    { requests: MESSAGES, concurrency: CONCURRENCY },
    async (worker) => {
      const c = Math.floor(Math.random() * channels.length);
      const poster = people[2 * c + (worker % 2)] as User;
      const server = servers[worker % servers.length] as PultServer;
      const response = await fetch(`${server.url}${CHAT}/channels/${channels[c]}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${poster.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ body: `bench ${performance.now() + performance.timeOrigin}` }),
      });
      await response.arrayBuffer();
      return response.status === 201;
    },
  );
  const expected = MESSAGES * 2 * perUser;
  const deadline = Date.now() + 30_000;
  while (delivered < expected && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  for (const socket of sockets) socket.ws.close();
  latencies.sort((a, b) => a - b);
  return {
    result,
    delivered,
    expected,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

async function ensureHistory(owner: User): Promise<number> {
  const url = 'bench-history';
  const found = await db().query<{ id: number; message_count: number }>(
    'select id, message_count from chat_channels where url = $1',
    [url],
  );
  if (found.rows[0] && Number(found.rows[0].message_count) >= HISTORY_ROWS) return Number(found.rows[0].id);
  const client = await db().connect();
  try {
    await client.query('begin');
    const channel = found.rows[0]
      ? { id: Number(found.rows[0].id) }
      : (
          await client.query<{ id: number }>(
            `insert into chat_channels (type, name, url, created_by_uid, member_count) values ('group', 'History', $1, $2, 1) returning id`,
            [url, owner.uid],
          )
        ).rows[0];
    const id = Number(channel?.id);
    await client.query(
      `insert into chat_channel_users (channel_id, user_uid, role) values ($1, $2, 'admin') on conflict do nothing`,
      [id, owner.uid],
    );
    await client.query('delete from chat_messages where channel_id = $1', [id]);
    for (let first = 1; first <= HISTORY_ROWS; first += HISTORY_CHUNK) {
      const last = Math.min(HISTORY_ROWS, first + HISTORY_CHUNK - 1);
      await client.query(
        `insert into chat_messages (channel_id, seq, sender_uid, body, created_at)
         select $1, g, $2, 'History message number ' || g, now() - ($5::int - g) * interval '1 second'
         from generate_series($3::int, $4::int) g`,
        [id, owner.uid, first, last, HISTORY_ROWS],
      );
      console.log(`  history: ${last.toLocaleString('en')} messages`);
    }
    await client.query(
      'update chat_channels set last_seq = $2, message_count = $2, last_message_at = now() where id = $1',
      [id, HISTORY_ROWS],
    );
    await client.query('commit');
    await client.query('analyze chat_messages');
    return id;
  } finally {
    client.release();
  }
}

async function ensureChannels(owner: User) {
  const count = await db().query<{ n: number }>(
    "select count(*)::int as n from chat_channels where url like 'bench-list-%'",
  );
  const have = Number(count.rows[0]?.n ?? 0);
  if (have >= CHANNEL_ROWS) return;
  await db().query(
    `insert into chat_channels (type, name, url, created_by_uid, created_at, member_count, message_count, last_message_at)
     select 'group', 'List ' || g, 'bench-list-' || g, $1, now() - g * interval '1 minute', g % 40, (g * 7919) % 100000,
       now() - (g % 5000) * interval '1 minute'
     from generate_series($2::int + 1, $3::int) g`,
    [owner.uid, have, CHANNEL_ROWS],
  );
  await db().query('analyze chat_channels');
}

async function main() {
  await ensureDatabase();
  console.log(
    `chat-api on PostgreSQL, node ${process.version}, ${os.cpus().length} cores, load ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}`,
  );
  const env = {
    DATABASE_URL,
    // Both processes, and every run, must open the keys sealed in the database.
    SECRET_KEY: Buffer.alloc(32, 11).toString('base64'),
    // One public address for both processes, as behind a load balancer: tokens name it as issuer.
    PUBLIC_URL: 'http://127.0.0.1:8080',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
  };
  const first = await startPult(env);
  const servers = [first];
  try {
    const people = await users(first.url, Math.max(2, CHANNELS * 2));
    if (PARTS.has('fanout')) {
      const channels = await fanoutChannels(first.url, people);
      const report = (n: number, run: Awaited<ReturnType<typeof fanout>>) => {
        printTable([run.result]);
        console.log(
          `processes ${n}: ${run.result.rps.toFixed(0)} messages/s, ${run.delivered}/${run.expected} deliveries, fan-out p50 ${run.p50.toFixed(1)} ms, p99 ${run.p99.toFixed(1)} ms`,
        );
      };
      console.log('\n### Fan-out\n');
      report(1, await fanout([first], people, channels));
      servers.push(await startPult(env));
      report(2, await fanout(servers, people, channels));
    }
    const owner = people[0] as User;
    if (PARTS.has('history')) {
      const id = await ensureHistory(owner);
      const history = await runLoad(
        `history page (50) at a random cursor, ${HISTORY_LABEL}`,
        { requests: 400, concurrency: HISTORY_CONCURRENCY },
        async () => {
          const before = 1 + Math.floor(Math.random() * HISTORY_ROWS);
          const response = await fetch(`${first.url}${CHAT}/channels/${id}/messages?before=${before}`, {
            headers: { authorization: `Bearer ${owner.token}` },
          });
          await response.arrayBuffer();
          return response.ok;
        },
      );
      const newest = await runLoad(
        `history newest page, ${HISTORY_LABEL}`,
        { requests: 400, concurrency: HISTORY_CONCURRENCY },
        async () => {
          const response = await fetch(`${first.url}${CHAT}/channels/${id}/messages`, {
            headers: { authorization: `Bearer ${owner.token}` },
          });
          await response.arrayBuffer();
          return response.ok;
        },
      );
      console.log('\n### History\n');
      printTable([newest, history]);
    }
    if (PARTS.has('channels')) {
      await ensureChannels(owner);
      const token = await adminToken(first.url);
      const results = [];
      for (const [name, query] of [
        ['channels, first page', ''],
        ['channels, sort -message_count', '?sort=-message_count'],
        ['channels, filter url contains', '?filter[url]=list-4242'],
        ['channels, page 500', '?page=500&perPage=20'],
      ] as const) {
        results.push(
          await runLoad(name, { requests: 300, concurrency: 4 }, async () => {
            const response = await fetch(`${first.url}${CHAT}/admin/channels${query}`, {
              headers: { authorization: `Bearer ${token}` },
            });
            await response.arrayBuffer();
            return response.ok;
          }),
        );
      }
      console.log(`\n### Admin channel list (${CHANNEL_ROWS.toLocaleString('en')} channels)\n`);
      printTable(results);
    }
  } finally {
    for (const server of servers) await server.stop();
    await database?.end();
  }
}

await main();

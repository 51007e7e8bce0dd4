/**
 * Mixed load on the built server over real HTTP, on PostgreSQL: `npm run bench:mixed -w @pult/bench`
 * (after `npm run build`) with BENCH_DATABASE_URL naming a database of its own (it is filled with the
 * demo data on first start).
 *
 * 1. Mixed: BENCH_CLIENTS clients for BENCH_SECONDS. Each client is one sign-in open in two tabs; it
 *    reads the profile, reads a page of the users list, renews its tokens from both tabs at the same
 *    moment (both must succeed), and now and then a platform user signs in. A sign-in whose read or
 *    renewal answers 401 counts as lost (and signs in again).
 * 2. Reads alone (profile and list), then the same reads beside BENCH_FLOOD_CLIENTS clients signing
 *    platform users in back to back (right passwords, so every one reaches argon2), in BENCH_ROUNDS
 *    alternating windows of BENCH_WINDOW_SECONDS each.
 *
 *   BENCH_CLIENTS=50  BENCH_SECONDS=30  BENCH_FLOOD_CLIENTS=16  BENCH_ROUNDS=3  BENCH_WINDOW_SECONDS=10
 *
 * Server settings pass through the environment (e.g. PASSWORD_HASH_CONCURRENCY). Figures are printed,
 * never asserted; docs/performance.md records them.
 */
import pg from 'pg';
import { DEMO_ADMIN, type PultServer, startPult } from '../../e2e/support/pult-server.js';
import { percentile } from './load.js';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const FLOOD_CLIENTS = Number(process.env.BENCH_FLOOD_CLIENTS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WINDOW_SECONDS = Number(process.env.BENCH_WINDOW_SECONDS ?? 10);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
/** Password of the demo's platform users (apps/api/src/seed/demo.ts). */
const DEMO_USER_PASSWORD = 'pult-user-2026';

type Kind = 'profile' | 'list' | 'refresh' | 'signin';
/** Shares of the mixed load's operations; a renewal is two requests (two tabs). */
const MIX: [Kind, number][] = [
  ['profile', 0.45],
  ['list', 0.4],
  ['refresh', 0.13],
  ['signin', 0.02],
];

interface Pair {
  access_token: string;
  refresh_token: string;
}

/** Latencies per kind and answers by status, for one phase. */
class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly statuses = new Map<string, number>();
  requests = 0;
  sessionsLost = 0;

  async time(kind: string, send: () => Promise<Response>): Promise<Response | undefined> {
    const started = performance.now();
    let response: Response | undefined;
    try {
      response = await send();
      await response.arrayBuffer().catch(() => undefined);
    } catch {
      response = undefined;
    }
    const list = this.latencies.get(kind) ?? [];
    list.push(performance.now() - started);
    this.latencies.set(kind, list);
    this.requests += 1;
    const status = response ? String(response.status) : 'network error';
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    return response;
  }

  summary(kind: string) {
    const sorted = [...(this.latencies.get(kind) ?? [])].sort((a, b) => a - b);
    return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
  }

  errors(): string {
    const failures = [...this.statuses].filter(([status]) => !status.startsWith('2'));
    return failures.length === 0 ? '0' : failures.map(([status, count]) => `${status}: ${count}`).join(', ');
  }
}

async function main() {
  if (!DATABASE_URL) throw new Error('Set BENCH_DATABASE_URL to a PostgreSQL database of its own');
  const pult = await startPult({
    DATABASE_URL,
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    // Each client has an address of its own, as real clients would.
    TRUST_PROXY: 'true',
  });
  try {
    const users = await activeUserEmails(DATABASE_URL);
    const client = createClient(pult, users);
    console.log(
      `mixed-load on PostgreSQL, node ${process.version}: ${CLIENTS} clients, mixed ${SECONDS} s, ` +
        `flood ${FLOOD_CLIENTS} clients, PASSWORD_HASH_CONCURRENCY=${process.env.PASSWORD_HASH_CONCURRENCY ?? 'default'}`,
    );

    const mixed = new Recorder();
    const sessions = await client.signInSessions(CLIENTS);
    await forSeconds(SECONDS, CLIENTS, (worker) => client.mixedStep(mixed, sessions, worker));
    printPhase('Mixed load', mixed, ['profile', 'list', 'refresh', 'signin'], SECONDS);

    // Quiet and flooded windows alternate, so a drift in what else the machine runs hits both alike.
    const quiet = new Recorder();
    const flooded = new Recorder();
    const flood = new Recorder();
    for (let round = 0; round < ROUNDS; round++) {
      await forSeconds(WINDOW_SECONDS, CLIENTS, (worker) => client.readStep(quiet, sessions, worker));
      await Promise.all([
        forSeconds(WINDOW_SECONDS, CLIENTS, (worker) => client.readStep(flooded, sessions, worker)),
        forSeconds(WINDOW_SECONDS, FLOOD_CLIENTS, (worker) => client.userSignin(flood, 1000 + worker)),
      ]);
    }
    const windows = ROUNDS * WINDOW_SECONDS;
    printPhase(`Reads alone (${ROUNDS} windows of ${WINDOW_SECONDS} s)`, quiet, ['profile', 'list'], windows);
    printPhase('Reads beside a sign-in flood (the windows between)', flooded, ['profile', 'list'], windows);
    printPhase('The flood itself', flood, ['signin'], windows);
    for (const kind of ['profile', 'list']) {
      const ratio = flooded.summary(kind).p99 / quiet.summary(kind).p99;
      console.log(`${kind} p99 with the flood / without: ${ratio.toFixed(2)}×`);
    }
  } finally {
    await pult.stop();
  }
}

function createClient(pult: PultServer, users: string[]) {
  let userTurn = 0;
  const call = (method: string, path: string, options: { token?: string; body?: unknown; address: number }) =>
    fetch(`${pult.url}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        'x-forwarded-for': `10.${(options.address >> 16) & 255}.${(options.address >> 8) & 255}.${options.address & 255}`,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    });

  async function adminSignIn(worker: number): Promise<Pair> {
    const response = await call('POST', '/auth/admin/signin', { body: DEMO_ADMIN, address: worker });
    if (!response.ok) throw new Error(`Admin sign-in failed: ${response.status}`);
    return (await response.json()) as Pair;
  }

  /** A lost sign-in is counted and replaced, so the client goes on. */
  async function replaceLost(recorder: Recorder, sessions: Pair[], worker: number) {
    recorder.sessionsLost += 1;
    sessions[worker] = await adminSignIn(worker);
  }

  async function read(recorder: Recorder, sessions: Pair[], worker: number, kind: 'profile' | 'list') {
    const path = kind === 'profile' ? '/auth/admin/profile-basic' : '/auth/admin/users?page=1&perPage=10';
    const response = await recorder.time(kind, () =>
      call('GET', path, { token: sessions[worker]!.access_token, address: worker }),
    );
    if (response?.status === 401) await replaceLost(recorder, sessions, worker);
  }

  async function renewFromTwoTabs(recorder: Recorder, sessions: Pair[], worker: number) {
    const body = { refresh_token: sessions[worker]!.refresh_token };
    const tabs = await Promise.all(
      [0, 1].map(async () => {
        let pair: Pair | undefined;
        const response = await recorder.time('refresh', async () => {
          const answer = await call('POST', '/auth/admin/refresh-token', { body, address: worker });
          if (answer.ok) pair = (await answer.clone().json()) as Pair;
          return answer;
        });
        return { status: response?.status, pair };
      }),
    );
    const renewed = tabs.find((tab) => tab.pair)?.pair;
    if (tabs.some((tab) => tab.status === 401) || !renewed) await replaceLost(recorder, sessions, worker);
    else sessions[worker] = renewed;
  }

  async function userSignin(recorder: Recorder, address: number) {
    const email = users[userTurn++ % users.length]!;
    await recorder.time('signin', () =>
      call('POST', '/auth/user/signin', { body: { email, password: DEMO_USER_PASSWORD }, address }),
    );
  }

  return {
    /** One after another: parallel attempts on one account count against its throttle while in flight. */
    async signInSessions(count: number): Promise<Pair[]> {
      const sessions: Pair[] = [];
      for (let worker = 0; worker < count; worker++) sessions.push(await adminSignIn(worker));
      return sessions;
    },
    async mixedStep(recorder: Recorder, sessions: Pair[], worker: number) {
      const kind = pick(MIX);
      if (kind === 'refresh') await renewFromTwoTabs(recorder, sessions, worker);
      else if (kind === 'signin') await userSignin(recorder, 500 + worker);
      else await read(recorder, sessions, worker, kind);
    },
    readStep: (recorder: Recorder, sessions: Pair[], worker: number) =>
      read(recorder, sessions, worker, Math.random() < 0.5 ? 'profile' : 'list'),
    userSignin,
  };
}

/** `clients` loops, each running `step` back to back until the time is up. */
async function forSeconds(seconds: number, clients: number, step: (worker: number) => Promise<void>) {
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      while (performance.now() < end) await step(worker);
    }),
  );
}

function pick(mix: [Kind, number][]): Kind {
  let roll = Math.random();
  for (const [kind, share] of mix) {
    roll -= share;
    if (roll < 0) return kind;
  }
  return mix[0]![0];
}

function printPhase(title: string, recorder: Recorder, kinds: string[], seconds: number) {
  console.log(
    `\n${title}: ${recorder.requests} requests, ${(recorder.requests / seconds).toFixed(0)} req/s, ` +
      `errors ${recorder.errors()}, sessions lost ${recorder.sessionsLost}`,
  );
  console.log('| kind | requests | p50 ms | p99 ms |');
  console.log('| --- | ---: | ---: | ---: |');
  for (const kind of kinds) {
    const { count, p50, p99 } = recorder.summary(kind);
    console.log(`| ${kind} | ${count} | ${p50.toFixed(1)} | ${p99.toFixed(1)} |`);
  }
  console.log(
    `answers by status: ${[...recorder.statuses].map(([status, count]) => `${status}: ${count}`).join(', ')}`,
  );
}

async function activeUserEmails(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ email: string }>(
      'select email from users where status = 1 order by id limit 100',
    );
    if (rows.length === 0) throw new Error('The bench database holds no active platform users');
    return rows.map((row) => row.email);
  } finally {
    await client.end();
  }
}

await main();

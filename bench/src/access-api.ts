/**
 * What access control costs: `npm run bench:access -w @pult/bench` (after `npm run build`).
 *
 * 1. The users list at 1,000,000 rows on PostgreSQL, through real HTTP, for a superadmin and for an
 *    administrator whose grant carries a condition (`status in (0, 1, 2)`) and a field list, side by
 *    side in one run (each shape measured for each, alternately), at concurrency 10. A third
 *    administrator's condition admits every status the seed writes: the same rows as the
 *    superadmin's, through the same machinery, so that row separates what access control costs from
 *    what a smaller list costs (a page of a sparser list reads more rows to fill).
 * 2. The permission check itself, in this process: the work one request does (find the compiled
 *    set, decide the route's action, check the query's fields, compile the row scope, mask a page)
 *    with 500 grants in the administrator's groups, warm (the usual case) and right after a change.
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres   the server; users go to a database `pult_bench_access`
 *                                                on it, kept for the next run (BENCH_DROP=true drops it)
 *   BENCH_USERS=1000000 BENCH_REQUESTS=300 BENCH_CONCURRENCY=10
 *
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import {
  filterableFields,
  type Grant,
  grantSchema,
  hasField,
  SERVICE_NAMES,
  usersResource,
} from '@pult/contract';
import { CatalogueBuilder } from '../../apps/api/src/access/catalogue-builder.js';
import { createMasker } from '../../apps/api/src/access/field-mask.js';
import { createPermissionCache } from '../../apps/api/src/access/permission-set.js';
import { access } from '../../apps/api/src/access/route-access.js';
import { personListSource } from '../../apps/api/src/modules/auth/people/person-source.js';
import { rowScopeSql } from '../../apps/api/src/resources/row-scope.js';
import { withClient } from '../../apps/api/src/test/with-client.js';
import { DEMO_ADMIN, REPO_ROOT, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';
import { httpGet } from './http-client.js';
import { LIST_SHAPES, type ListSample } from './list-shapes.js';
import { type LoadResult, runLoad } from './load.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const NAME = 'pult_bench_access';
const BENCH_SECRET_KEY = Buffer.alloc(32, 9).toString('base64');
const SCOPED_PASSWORD = 'scoped-bench-2026';

const SCOPED_FIELDS = ['id', 'email', 'first_name', 'last_name', 'status', 'created_at'];

/** The benchmark's administrators under a condition: who, their group's status set. */
const SCOPED_ADMINS = [
  { who: 'scoped', group: 'bench-scoped', email: 'scoped@bench.local', statuses: [0, 1, 2] },
  // Every status the seed writes (`UserStatus`): the condition is compiled and applied, admitting all.
  {
    who: 'scoped, all statuses',
    group: 'bench-scoped-all',
    email: 'scoped-all@bench.local',
    statuses: [0, 1, 2, 3, 4, 10],
  },
] as const;

type Who = 'superadmin' | (typeof SCOPED_ADMINS)[number]['who'];

function databaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  return url.toString();
}

async function ensureDatabase(): Promise<void> {
  await withClient(ADMIN_URL, async (client) => {
    if (process.env.BENCH_DROP === 'true') await client.query(`drop database if exists ${NAME}`);
    const found = await client.query('select 1 from pg_database where datname = $1', [NAME]);
    if (found.rowCount === 0) await client.query(`create database ${NAME}`);
  });
}

function serverEnv(): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl(),
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
    SECRET_KEY: BENCH_SECRET_KEY,
    LOG_LEVEL: 'warn',
  };
}

/** Realistic users (names in e-mails) through the seed CLI, so the fragment shapes find something. */
function topUpUsers(): void {
  const env = { ...process.env, DATABASE_URL: databaseUrl() };
  const count = spawnSync(process.execPath, ['--import', 'tsx', 'src/seed/count-users.ts'], {
    cwd: `${REPO_ROOT}/apps/api`,
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

async function post(url: string, token: string, path: string, body: unknown): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
}

/**
 * A group whose `list` grant has the condition `status in statuses` and six fields, and an
 * administrator in it (made once, kept in the database): their access token.
 */
async function scopedToken(
  url: string,
  rootToken: string,
  { group: name, email, statuses }: (typeof SCOPED_ADMINS)[number],
): Promise<string> {
  const grants = [
    { resource: 'auth.users', action: 'list', where: { status: { in: statuses } }, fields: SCOPED_FIELDS },
  ];
  await post(url, rootToken, '/auth/admin/groups', { name, grants });
  await post(url, rootToken, '/auth/admin/admins', {
    email,
    password: SCOPED_PASSWORD,
    password_repeat: SCOPED_PASSWORD,
    first_name: 'Scoped',
    last_name: 'Bench',
    language: 'en-US',
    status: 1,
    groups: [name],
  });
  const signin = await post(url, '', '/auth/admin/signin', { email, password: SCOPED_PASSWORD });
  if (!signin.ok) throw new Error(`Scoped sign-in failed: ${signin.status} ${await signin.text()}`);
  return ((await signin.json()) as { access_token: string }).access_token;
}

function mulberry32(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface Answer {
  items: Array<{ email: string; created_at: string }>;
}

async function measureLists(): Promise<string[]> {
  await ensureDatabase();
  // Started once before seeding: it migrates the database and makes the administrator.
  const first = await startPult(serverEnv());
  await first.stop({ keepData: true });
  topUpUsers();
  const pult = await startPult(serverEnv());
  const lines: string[] = [];
  try {
    const root = await demoAdminToken(pult.url);
    const admins: Array<[Who, string]> = [['superadmin', root]];
    for (const admin of SCOPED_ADMINS) admins.push([admin.who, await scopedToken(pult.url, root, admin)]);
    const list = async (token: string, query: string) => {
      const response = await httpGet(`${pult.url}/auth/admin/users?${query}`, {
        authorization: `Bearer ${token}`,
      });
      return response.status === 200 ? (JSON.parse(response.body) as Answer) : undefined;
    };
    const sample = await drawSample((query) => list(root, query));
    lines.push('| shape | who | requests | req/s | p50 ms | p99 ms | errors |');
    lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
    for (const shape of LIST_SHAPES) {
      const results = new Map<Who, LoadResult[]>(admins.map(([who]) => [who, []]));
      // Alternating rounds, so each sees the same machine; the second in the reverse order, so no one
      // is always first to meet a value (the first request for a fragment warms its index pages).
      for (let round = 0; round < 2; round += 1) {
        for (const [who, token] of round === 0 ? admins : [...admins].reverse()) {
          const random = mulberry32(20 + round);
          const request = async () => (await list(token, shape.query(sample, random))) !== undefined;
          await runLoad('warm-up', { requests: 20, concurrency: CONCURRENCY }, request);
          results
            .get(who)
            ?.push(await runLoad(shape.name, { requests: REQUESTS / 2, concurrency: CONCURRENCY }, request));
        }
      }
      for (const [who, rounds] of results) {
        const mean = (pick: (r: LoadResult) => number) =>
          rounds.reduce((sum, r) => sum + pick(r), 0) / rounds.length;
        lines.push(
          `| ${shape.name} | ${who} | ${REQUESTS} | ${mean((r) => r.rps).toFixed(0)} | ${mean((r) => r.p50).toFixed(2)} | ${mean((r) => r.p99).toFixed(2)} | ${rounds.reduce((sum, r) => sum + r.errors, 0)} |`,
        );
      }
    }
  } finally {
    await pult.stop({ keepData: true });
  }
  return lines;
}

async function drawSample(list: (query: string) => Promise<Answer | undefined>): Promise<ListSample> {
  const random = mulberry32(7);
  const emails: string[] = [];
  for (let i = 0; i < 20; i++) {
    const page = 1 + Math.floor(random() * Math.max(1, USERS / 100 - 1));
    emails.push(
      ...((await list(`perPage=100&page=${page}&sort=email`))?.items.map((item) => item.email) ?? []),
    );
  }
  const day = (answer: Answer | undefined) => answer?.items[0]?.created_at.slice(0, 10);
  const firstDay = day(await list('perPage=5&sort=created_at'));
  const lastDay = day(await list('perPage=5&sort=-created_at'));
  if (emails.length === 0 || !firstDay || !lastDay) throw new Error('No users to sample');
  return { emails, firstDay, lastDay };
}

/** 500 grants over 25 resources of every service, a third with conditions or field lists. */
function manyGrants(): Grant[] {
  const grants: Grant[] = [];
  for (let i = 0; i < 500; i += 1) {
    const service = SERVICE_NAMES[i % SERVICE_NAMES.length];
    const resource = i < 5 ? 'auth.users' : `${service}.resource-${i % 25}`;
    const action = ['list', 'read', 'update', 'export', 'delete'][i % 5] ?? 'list';
    const shaped = i % 3 === 0;
    grants.push(
      grantSchema.parse({
        resource,
        action,
        ...(shaped && resource === 'auth.users' ? { where: { status: { in: [0, 1, 2] } } } : {}),
        ...(shaped ? { fields: ['id', 'email', 'status', 'created_at'] } : {}),
      }),
    );
  }
  return grants;
}

/** The per-request work of access control on the users list, in microseconds. */
async function measureCheck(): Promise<string[]> {
  const grants = manyGrants();
  const catalogue = new CatalogueBuilder();
  catalogue.add(access.to(usersResource, 'list'), 'auth');
  let version = 1;
  const permissionsOf = createPermissionCache(async () => ({ grants, mfaRequired: false }));
  const source = personListSource('users', usersResource, 'uk-UA');
  const page = Array.from({ length: 10 }, (_, i) => ({
    id: i,
    email: `u${i}@x.io`,
    phone: '+1',
    status: i % 4,
    created_at: new Date().toISOString(),
    first_name: 'A',
  }));
  const oneRequest = async () => {
    const set = await permissionsOf({
      adminId: 1,
      sessionId: 's',
      groups: ['a', 'b'],
      accessVersion: version,
      secondFactor: null,
      factorConfirmedAt: null,
    });
    const decision = set.decide('auth.users', 'list');
    const filterable = filterableFields(decision);
    for (const field of ['email', 'created_at']) if (!hasField(filterable, field)) throw new Error(field);
    rowScopeSql({ decision, actor: { id: 1, groups: ['a'] } }, source.columns);
    const mask = createMasker(
      decision,
      usersResource,
      { id: 1, groups: ['a'] },
      catalogue.kindOf('auth.users'),
    );
    for (const item of page) mask(item);
  };
  const time = async (label: string, rounds: number, before?: () => void) => {
    const started = performance.now();
    for (let i = 0; i < rounds; i += 1) {
      before?.();
      await oneRequest();
    }
    return `| ${label} | ${grants.length} | ${(((performance.now() - started) / rounds) * 1000).toFixed(1)} |`;
  };
  await time('warm-up', 2_000);
  return [
    '| case | grants | µs per request |',
    '| --- | ---: | ---: |',
    await time('compiled set kept (every request while no group changes)', 20_000),
    await time('right after a group changed (set compiled again)', 2_000, () => {
      version += 1;
    }),
  ];
}

const checkLines = await measureCheck();
console.log(`\naccess check, node ${process.version}, ${os.cpus().length} cores\n`);
console.log(checkLines.join('\n'));
if (process.env.BENCH_SKIP_LISTS !== 'true') {
  const listLines = await measureLists();
  console.log(
    `\nusers list at ${USERS.toLocaleString('en')} users on PostgreSQL, concurrency ${CONCURRENCY}\n`,
  );
  console.log(listLines.join('\n'));
}

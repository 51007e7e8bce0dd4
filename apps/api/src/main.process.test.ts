import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { type PultServer, SERVER_ENTRY, startPult } from '../../../e2e/support/pult-server.js';
import { createScratchDatabase } from './test/test-database.js';

/**
 * Several server processes (the built `dist/main.js`, as deployed) started at the same moment on one
 * fresh PostgreSQL database: migrations, the bootstrap admin, settings, API keys and the signing key
 * must come out once, and every process must accept the tokens of the others.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'first@pult.test', password: 'first-admin-password' };
// Each round is a fresh database and 2–3 process starts (some 4 s each on CI's two cores).
const ROUNDS = 3;

describe.skipIf(!adminUrl)('server processes on one PostgreSQL database', () => {
  beforeAll(() => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
  });

  for (const processes of [2, 3]) {
    it(`${processes} processes at once, ${ROUNDS} rounds: all start, one admin, each accepts the others' tokens`, async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const database = await createScratchDatabase('pult_start');
        try {
          const env = serverEnv(database.url);
          await startTogether(processes, env, database.query);
          // The last round starts again on the database the first start filled.
          if (round === ROUNDS - 1) await startTogether(processes, env, database.query);
        } finally {
          await database.drop();
        }
      }
    }, 120_000);
  }

  // The in-process pair of record-version.test.ts shares a module graph; here the two are separate
  // operating-system processes, as behind a load balancer, and only the database decides.
  it('two processes: of 20 concurrent saves from one version exactly one goes through', async () => {
    const database = await createScratchDatabase('pult_versions');
    const env = serverEnv(database.url);
    const servers = await Promise.all([startPult(env), startPult(env)]);
    try {
      const [first, second] = servers as [PultServer, PultServer];
      const headers = { authorization: `Bearer ${await signIn(first)}`, 'content-type': 'application/json' };
      const created = await fetch(`${first.url}/auth/admin/countries`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ code: 'ZZ', name_uk: 'Країна', name_en: 'Country' }),
      });
      expect(created.status).toBe(201);
      const url = `/auth/admin/countries/${((await created.json()) as { id: number }).id}`;
      const etag = (await fetch(`${second.url}${url}`, { headers })).headers.get('etag');
      expect(etag).toBeTruthy();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) =>
          fetch(`${servers[n % 2]?.url}${url}`, {
            method: 'PUT',
            headers: { ...headers, 'if-match': String(etag) },
            body: JSON.stringify({ code: 'ZZ', name_uk: `Гонщик ${n}`, name_en: `Racer ${n}` }),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, ...Array(19).fill(412)]);
      const winner = answers.find((answer) => answer.status === 200);
      if (!winner) throw new Error('no save went through');
      const now = await fetch(`${first.url}${url}`, { headers });
      expect(now.headers.get('etag')).toBe(winner.headers.get('etag'));
      const name = (answer: Response) => answer.json().then((body) => (body as { name_en: string }).name_en);
      expect(await name(now)).toBe(await name(winner));
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
      await database.drop();
    }
  }, 120_000);
});

function serverEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: randomBytes(32).toString('base64'),
    // One public address, as behind a load balancer: it is the tokens' issuer.
    PUBLIC_URL: 'https://pult.test',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // No balancer to wait for: stop at once.
    SHUTDOWN_DRAIN_MS: '0',
  };
}

async function startTogether(
  processes: number,
  env: Record<string, string>,
  query: <T>(text: string) => Promise<T[]>,
): Promise<void> {
  const started = await Promise.allSettled(Array.from({ length: processes }, () => startPult(env)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const failures = started.flatMap((result) =>
      result.status === 'rejected' ? [String(result.reason)] : [],
    );
    expect(failures).toEqual([]);

    const counts = await query<{ admins: number; keys: number; api_keys: number }>(
      `select (select count(*)::int from admins) as admins,
              (select count(*)::int from signing_keys) as keys,
              (select count(*)::int from api_keys) as api_keys`,
    );
    expect(counts).toEqual([{ admins: 1, keys: 1, api_keys: 3 }]);

    const tokens = await Promise.all(servers.map(signIn));
    for (const token of tokens) {
      for (const server of servers) {
        const response = await fetch(`${server.url}/auth/admin/profile-basic`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status).toBe(200);
      }
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

async function signIn(server: PultServer): Promise<string> {
  const response = await fetch(`${server.url}/auth/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

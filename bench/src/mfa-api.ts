/**
 * What the second factor costs: `npm run bench:mfa -w @pult/bench` (after `npm run build`).
 *
 * 1. The two-step sign-in (password, then an authenticator code) through real HTTP at concurrency 8,
 *    beside the password-only sign-in of the same server. A code is accepted once per 30 s step, so
 *    each sign-in is a different administrator (BENCH_ADMINS of them, enrolled first).
 * 2. Step-up on a dangerous route (`POST …/errors/delete-range` over an empty range): a fresh sign-in
 *    that passes, and one past the window that is refused with 403 `step_up_required`, beside the
 *    same service's plain read (`GET …/errors/range-count`). The check reads no more than the token
 *    check already does (the sign-in's row), so what shows is the route's own work.
 *
 * BENCH_DATABASE_URL measures on PostgreSQL instead of the embedded PGlite. Figures are printed,
 * never asserted; docs/performance.md records them.
 */
import { createHmac } from 'node:crypto';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { type LoadResult, printTable, runLoad } from './load.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ADMINS = Number(process.env.BENCH_ADMINS ?? 120);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1000);
const PASSWORD = 'bench-mfa-password-2026';
const STEP_UP_SECONDS = 20;

function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...text.replace(/[\s=]/g, '')]
    .map((c) => alphabet.indexOf(c).toString(2).padStart(5, '0'))
    .join('');
  return Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
}

function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[19]! & 15;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

async function main() {
  const env: Record<string, string> = { LOG_LEVEL: 'warn', STEP_UP_SECONDS: String(STEP_UP_SECONDS) };
  if (process.env.BENCH_DATABASE_URL) {
    Object.assign(env, {
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
    });
  }
  const pult = await startPult(env);
  const call = async (method: string, path: string, body?: unknown, token?: string) => {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${pult.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return {
      status: response.status,
      body: text === '' ? null : (JSON.parse(text) as Record<string, unknown>),
    };
  };
  const tokenOf = (answer: { body: Record<string, unknown> | null }) => String(answer.body?.access_token);

  try {
    const root = tokenOf(await call('POST', '/auth/admin/signin', DEMO_ADMIN));
    const run = Date.now().toString(36);
    const enrolled: { email: string; secret: string }[] = [];
    process.stdout.write(`enrolling ${ADMINS} administrators…`);
    for (let n = 0; n < ADMINS; n++) {
      const email = `bench-mfa-${run}-${n}@pult.bench`;
      const created = await call(
        'POST',
        '/auth/admin/admins',
        {
          email,
          password: PASSWORD,
          password_repeat: PASSWORD,
          first_name: 'Bench',
          last_name: 'Mfa',
          language: 'en-US',
          status: 1,
          groups: ['superadmin'],
        },
        root,
      );
      if (created.status !== 201)
        throw new Error(`create admin: ${created.status} ${JSON.stringify(created.body)}`);
      const own = tokenOf(await call('POST', '/auth/admin/signin', { email, password: PASSWORD }));
      const setup = await call('POST', '/auth/admin/mfa/totp/setup', { password: PASSWORD }, own);
      const secret = String(setup.body?.secret);
      const confirmed = await call('POST', '/auth/admin/mfa/totp/confirm', { code: totp(secret) }, own);
      if (confirmed.status !== 200) throw new Error(`confirm: ${confirmed.status}`);
      enrolled.push({ email, secret });
    }
    process.stdout.write(' done\n');
    // The enrolment spent the current step's code of each: sign in on the next step.
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));

    const results: LoadResult[] = [];
    let next = 0;
    results.push(
      await runLoad(
        'sign-in with an authenticator code (password, then POST /admin/signin/mfa)',
        { requests: ADMINS, concurrency: CONCURRENCY },
        async () => {
          const admin = enrolled[next++]!;
          const first = await call('POST', '/auth/admin/signin', { email: admin.email, password: PASSWORD });
          if (first.body?.mfa_required !== true) return false;
          const second = await call('POST', '/auth/admin/signin/mfa', {
            mfa_token: first.body.mfa_token,
            code: totp(admin.secret),
          });
          return second.status === 200;
        },
      ),
    );
    results.push(
      await runLoad(
        'sign-in with the password alone (no factor)',
        { requests: ADMINS, concurrency: Math.min(CONCURRENCY, 4) },
        async () => (await call('POST', '/auth/admin/signin', DEMO_ADMIN)).status === 200,
      ),
    );

    const fresh: string[] = [];
    for (let i = 0; i < CONCURRENCY; i++)
      fresh.push(tokenOf(await call('POST', '/auth/admin/signin', DEMO_ADMIN)));
    const range = { to: '2001-01-31' };
    results.push(
      await runLoad(
        'GET /storage/…/errors/range-count (same grant, no step-up)',
        { requests: REQUESTS, concurrency: CONCURRENCY },
        async (worker) =>
          (
            await call(
              'GET',
              '/storage/api/v1/admin/errors/range-count?to=2001-01-31',
              undefined,
              fresh[worker],
            )
          ).status === 200,
      ),
    );
    // Signed in again: the sign-in is the first confirmation, and the window starts now.
    for (let i = 0; i < CONCURRENCY; i++)
      fresh[i] = tokenOf(await call('POST', '/auth/admin/signin', DEMO_ADMIN));
    results.push(
      await runLoad(
        'POST /storage/…/errors/delete-range, factor fresh (passes the step-up check)',
        { requests: REQUESTS, concurrency: CONCURRENCY },
        async (worker) =>
          (await call('POST', '/storage/api/v1/admin/errors/delete-range', range, fresh[worker])).status ===
          200,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, (STEP_UP_SECONDS + 1) * 1000));
    results.push(
      await runLoad(
        'POST /storage/…/errors/delete-range, factor stale (403 step_up_required)',
        { requests: REQUESTS, concurrency: CONCURRENCY },
        async (worker) => {
          const answer = await call(
            'POST',
            '/storage/api/v1/admin/errors/delete-range',
            range,
            fresh[worker],
          );
          return answer.status === 403 && answer.body?.code === 'step_up_required';
        },
      ),
    );

    console.log(
      `\nmfa-api on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}, node ${process.version}\n`,
    );
    printTable(results);
  } finally {
    await pult.stop();
  }
}

await main();

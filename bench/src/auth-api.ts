/**
 * Throughput and latency of the auth service through real HTTP on the built server:
 * `npm run bench` (after `npm run build`). Set BENCH_DATABASE_URL to measure on PostgreSQL instead of
 * the embedded PGlite. Figures are printed, never asserted; docs/performance.md records them.
 */
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { type LoadResult, printTable, runLoad } from './load.js';

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);

interface Pair {
  access_token: string;
  refresh_token: string;
}

async function main() {
  const env: Record<string, string> = { LOG_LEVEL: 'warn' };
  if (process.env.BENCH_DATABASE_URL) {
    Object.assign(env, {
      DATABASE_URL: process.env.BENCH_DATABASE_URL,
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
    });
  }
  const pult = await startPult(env);
  const post = (path: string, body: unknown) =>
    fetch(`${pult.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signIn = async (): Promise<Pair> =>
    (await post('/auth/admin/signin', DEMO_ADMIN)).json() as Promise<Pair>;

  try {
    const results: LoadResult[] = [];
    const warm = { requests: 200, concurrency: CONCURRENCY };
    await runLoad('warm-up', warm, async () => (await fetch(`${pult.url}/healthz`)).ok);

    results.push(
      await runLoad(
        'GET /healthz (floor: one SELECT)',
        { requests: REQUESTS, concurrency: CONCURRENCY },
        async () => (await fetch(`${pult.url}/healthz`)).ok,
      ),
    );

    // One after another: parallel attempts on one account count against its throttle while in flight.
    const pairs: Pair[] = [];
    for (let i = 0; i < CONCURRENCY; i++) pairs.push(await signIn());
    results.push(
      await runLoad(
        'GET /admin/profile-basic (JWT + session check)',
        { requests: REQUESTS, concurrency: CONCURRENCY },
        async (worker) => {
          const response = await fetch(`${pult.url}/auth/admin/profile-basic`, {
            headers: { authorization: `Bearer ${pairs[worker]!.access_token}` },
          });
          await response.arrayBuffer();
          return response.ok;
        },
      ),
    );
    results.push(
      await runLoad(
        'POST /admin/refresh-token (rotation)',
        { requests: REQUESTS, concurrency: CONCURRENCY },
        async (worker) => {
          const response = await post('/auth/admin/refresh-token', {
            refresh_token: pairs[worker]!.refresh_token,
          });
          if (!response.ok) return false;
          pairs[worker] = (await response.json()) as Pair;
          return true;
        },
      ),
    );
    results.push(
      await runLoad(
        'POST /admin/signin (argon2id)',
        // At most 5 attempts on one account may be in flight (the throttle's limit).
        { requests: Math.min(REQUESTS, 400), concurrency: Math.min(CONCURRENCY, 4) },
        async () => {
          const response = await post('/auth/admin/signin', DEMO_ADMIN);
          await response.arrayBuffer();
          return response.ok;
        },
      ),
    );

    console.log(
      `\nauth-api on ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}, node ${process.version}\n`,
    );
    printTable(results);
  } finally {
    await pult.stop();
  }
}

await main();

/**
 * The dashboard's API with 1,000,000 users and 1,000,000 e-mail queue rows, through real HTTP on the
 * built server: `npm run bench:dashboard -w @pult/bench` (after `npm run build`).
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres   the server; the rows go to a database `pult_bench_dashboard`
 *                                                on it, kept for the next run (BENCH_DROP=true drops it)
 *   BENCH_ROWS=1000000 BENCH_REQUESTS=200 BENCH_CONCURRENCY=1
 *
 * The rows are inserted with the rollup triggers in place (100,000 per statement), so the fill also
 * shows what the triggers cost a bulk insert. Figures are printed, never asserted.
 */
import { withClient } from '../../apps/api/src/test/with-client.js';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';
import { type LoadResult, printTable, runLoad } from './load.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL;
const ROWS = Number(process.env.BENCH_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const NAME = 'pult_bench_dashboard';
const CHUNK = 100_000;

/** `insert` takes $1 = rows to add and, if it names rows, $2 = rows already there. */
async function fillTable(url: string, table: string, insert: string): Promise<void> {
  await withClient(url, async (client) => {
    const existing = Number((await client.query(`select count(*) as n from ${table}`)).rows[0].n);
    for (let done = existing; done < ROWS; done += CHUNK) {
      const size = Math.min(CHUNK, ROWS - done);
      const started = performance.now();
      await client.query(insert, insert.includes('$2') ? [size, done] : [size]);
      const ms = performance.now() - started;
      console.log(`  ${table}: ${(done + size).toLocaleString('en')} rows (${size} in ${ms.toFixed(0)} ms)`);
    }
    await client.query(`vacuum analyze ${table}`);
  });
}

/** Users over two years in every status; a queue like a year of mail (95 % sent). */
async function fill(url: string): Promise<void> {
  await fillTable(
    url,
    'users',
    `insert into users (email, first_name, last_name, status, password_hash, created_at)
     select 'bench' || ($2 + i) || '@example.com', 'Bench', 'User',
       (array[0, 1, 1, 1, 1, 1, 2, 3, 4, 10])[1 + (random() * 9)::int], 'x',
       now() - random() * interval '730 days'
     from generate_series(1, $1) as i`,
  );
  await fillTable(
    url,
    'email_queue',
    `insert into email_queue (email_to, template_name, message_id, subject, status, attempts, next_attempt_at,
       sent_at, created_at, updated_at)
     select 'user' || (random() * 50000)::int || '@example.com', 'welcome',
       '<' || gen_random_uuid() || '@bench.local>', 'Subject', r.status, 1,
       case when r.status = 'pending' then now() + interval '30 days' else r.created end,
       case when r.status = 'sent' then r.created end, r.created, r.created
     from (
       select now() - random() * interval '365 days' as created,
         case when s < 0.95 then 'sent' when s < 0.98 then 'failed' when s < 0.99 then 'cancelled' else 'pending' end as status
       from (select random() as s from generate_series(1, $1)) g
     ) r`,
  );
}

async function main() {
  if (!ADMIN_URL) throw new Error('Set BENCH_DATABASE_URL (a PostgreSQL server)');
  const exists = await withClient(ADMIN_URL, async (client) => {
    const found = await client.query('select 1 from pg_database where datname = $1', [NAME]);
    if (found.rowCount === 0) await client.query(`create database ${NAME}`);
    return found.rowCount === 1;
  });
  const url = new URL(ADMIN_URL);
  url.pathname = `/${NAME}`;
  const pult = await startPult({
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
    // Fixed, so a kept database's sealed signing key opens on the next run.
    SECRET_KEY: 'YmVuY2gtb25seS1rZXktbm90LWEtc2VjcmV0LTAwMDA=',
  });
  try {
    console.log(
      `dashboard-api: ${exists ? 'reusing' : 'filling'} ${NAME} up to ${ROWS.toLocaleString('en')} rows each`,
    );
    await fill(url.toString());
    const access_token = await demoAdminToken(pult.url);
    const get = async (path: string) => {
      const response = await fetch(`${pult.url}/auth/admin/dashboard${path}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      await response.arrayBuffer();
      return response.ok;
    };
    const index = (await (
      await fetch(`${pult.url}/auth/admin/dashboard`, {
        headers: { authorization: `Bearer ${access_token}` },
      })
    ).json()) as { cards: { id: string }[] };
    const options = { requests: REQUESTS, concurrency: CONCURRENCY };
    await runLoad('warm-up', { requests: 50, concurrency: 1 }, () => get(''));
    const results: LoadResult[] = [await runLoad('index (GET /admin/dashboard)', options, () => get(''))];
    for (const card of index.cards)
      results.push(await runLoad(`card ${card.id}`, options, () => get(`/cards/${card.id}`)));
    // What the panel does on opening the dashboard: every card at once.
    results.push(
      await runLoad('whole dashboard (all cards in parallel)', options, async () =>
        (await Promise.all(index.cards.map((card) => get(`/cards/${card.id}`)))).every(Boolean),
      ),
    );
    console.log(
      `\ndashboard-api on PostgreSQL, ${ROWS.toLocaleString('en')} users and queue rows, node ${process.version}\n`,
    );
    printTable(results);
  } finally {
    await pult.stop();
    if (process.env.BENCH_DROP === 'true') {
      await withClient(ADMIN_URL, (client) => client.query(`drop database if exists ${NAME} with (force)`));
    }
  }
}

await main();

/**
 * The e-mail queue screen's list with 1,000,000 queue rows, through real HTTP on the built server:
 * `npm run bench:queue -w @pult/bench` (after `npm run build`).
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres   the server; the rows go to a database `pult_bench_queue`
 *                                                on it, kept for the next run (BENCH_DROP=true drops it)
 *   BENCH_QUEUE_ROWS=1000000 BENCH_REQUESTS=200 BENCH_CONCURRENCY=1
 *   BENCH_QUEUE_DATABASE=pult_bench_queue       another name keeps a second size beside it (1M and 10M)
 *
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import { withClient } from '../../apps/api/src/test/with-client.js';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';
import { type LoadResult, printTable, runLoad } from './load.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL;
const ROWS = Number(process.env.BENCH_QUEUE_ROWS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const NAME = process.env.BENCH_QUEUE_DATABASE ?? 'pult_bench_queue';
if (!/^[a-z_][a-z0-9_]*$/.test(NAME)) throw new Error('BENCH_QUEUE_DATABASE: a plain lower-case name');
const CHUNK = 100_000;

/**
 * A year of mail: 95 % sent, 3 % failed (with an error), 1 % cancelled, 1 % pending (backed off a
 * month, so the server's worker leaves them alone during the run); 50,000 recipients, 8 templates.
 */
async function fill(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const existing = Number((await client.query('select count(*) as n from email_queue')).rows[0].n);
    for (let done = existing; done < ROWS; done += CHUNK) {
      const size = Math.min(CHUNK, ROWS - done);
      await client.query(
        `insert into email_queue (priority, email_to, template_name, template_priority, language, message_id,
           subject, status, attempts, max_attempts, last_error, next_attempt_at, sent_at, created_at, updated_at)
         select case when r.p < 0.1 then 'main' else 'queue' end,
           'user' || (r.u * 50000)::int || '@example.com',
           (array['welcome','order-shipped','invoice','password-recovery','digest','reminder','survey','receipt'])[1 + (r.u * 8)::int % 8],
           (r.u * 10)::int, case when r.p < 0.3 then 'en-US' else 'uk-UA' end,
           '<' || gen_random_uuid() || '@bench.local>', 'Subject', r.status,
           case when r.status = 'failed' then 5 else 1 end, 5,
           case when r.status = 'failed' then '550 5.1.1 Mailbox does not exist' end,
           case when r.status = 'pending' then now() + interval '30 days' else r.created end,
           case when r.status = 'sent' then r.created + interval '2 seconds' end,
           r.created, r.created
         from (
           select random() as p, random() as u, now() - random() * interval '365 days' as created,
             case when s < 0.95 then 'sent' when s < 0.98 then 'failed' when s < 0.99 then 'cancelled' else 'pending' end as status
           from (select random() as s from generate_series(1, $1)) g
         ) r`,
        [size],
      );
      console.log(`  ${(done + size).toLocaleString('en')} rows`);
    }
    // As autovacuum would: the visibility map makes the status counts index-only scans.
    await client.query('vacuum analyze email_queue');
  });
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
  const env = {
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATABASE_URL: url.toString(),
    ADMIN_EMAIL: DEMO_ADMIN.email,
    ADMIN_PASSWORD: DEMO_ADMIN.password,
    // Fixed, so a kept database's sealed signing key opens on the next run.
    SECRET_KEY: 'YmVuY2gtb25seS1rZXktbm90LWEtc2VjcmV0LTAwMDA=',
  };
  const pult = await startPult(env);
  try {
    console.log(
      `queue-list: ${exists ? 'reusing' : 'filling'} ${NAME} up to ${ROWS.toLocaleString('en')} rows`,
    );
    await fill(url.toString());
    const access_token = await demoAdminToken(pult.url);
    const get = async (path: string) => {
      const response = await fetch(`${pult.url}/notification/api/v1/admin/email-queue${path}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      await response.arrayBuffer();
      return response.ok;
    };
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const month = `${day(60)},${day(30)}`;
    const shapes: [string, string][] = [
      ['first page (sort -created_at)', ''],
      ['status failed + a month', `?filter[status]=failed&filter[created_at]=${month}`],
      ['status sent + a day', `?filter[status]=sent&filter[created_at]=${day(10)}`],
      ['status sent + a month', `?filter[status]=sent&filter[created_at]=${month}`],
      ['e-mail contains "user4242"', '?filter[email_to]=user4242'],
      ['page 1000, sort -attempts', '?page=1000&sort=-attempts'],
      ['counts by status', '/counts'],
    ];
    const options = { requests: REQUESTS, concurrency: CONCURRENCY };
    await runLoad('warm-up', { requests: 50, concurrency: 1 }, () => get(''));
    const results: LoadResult[] = [];
    for (const [name, query] of shapes) results.push(await runLoad(name, options, () => get(query)));
    console.log(`\nqueue-list on PostgreSQL, ${ROWS.toLocaleString('en')} rows, node ${process.version}\n`);
    printTable(results);
  } finally {
    await pult.stop();
    if (process.env.BENCH_DROP === 'true') {
      await withClient(ADMIN_URL, (client) => client.query(`drop database if exists ${NAME} with (force)`));
    }
  }
}

await main();

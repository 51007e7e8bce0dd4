/**
 * Every report of issue 27 through real HTTP on the built server: `npm run bench:reports -w @pult/bench`
 * (after `npm run build`). Issue 27 asks for p50 ≤ 100 ms at this scale, read from the rollups.
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres   the server; the rows go to a database `pult_bench_reports`
 *                                                on it, kept for the next run (BENCH_DROP=true drops it)
 *   BENCH_USERS=1000000 BENCH_QUEUE=1000000 BENCH_LOGS=5000000 BENCH_MESSAGES=1000000
 *   BENCH_FILES=100000 BENCH_ERROR_GROUPS=20000   the storage tables (the issue names no scale for them)
 *   BENCH_REQUESTS=50 BENCH_CONCURRENCY=1,10
 *
 * The rows are inserted set-based (100,000 per statement) into the real tables with the rollup
 * triggers in place, spread over the last two years; "logs" are audit entries, what the Administrators
 * report counts. Each report is asked for the last 30 days by day, the last 90 days by week and 23
 * whole months and this one's days by month, in Europe/Kyiv and Asia/Kathmandu (+5:45).
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import os from 'node:os';
import { withClient } from '../../apps/api/src/test/with-client.js';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { demoAdminToken } from './demo-admin.js';
import { httpGet } from './http-client.js';
import { type LoadResult, printTable, runLoad } from './load.js';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 50);
const CONCURRENCIES = (process.env.BENCH_CONCURRENCY ?? '1,10').split(',').map(Number);
const NAME = 'pult_bench_reports';
const CHUNK = 100_000;
const scale = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const ALL_REPORTS = ['users', 'administrators', 'delivery', 'storage', 'errors', 'chat'] as const;
/** `BENCH_REPORTS=chat,administrators` measures only those (the fill is the same). */
const REPORTS = process.env.BENCH_REPORTS
  ? ALL_REPORTS.filter((report) => process.env.BENCH_REPORTS?.split(',').includes(report))
  : ALL_REPORTS;
const ZONES = ['Europe/Kyiv', 'Asia/Kathmandu'] as const;

/** A table filled up to `rows`: `insert` takes $1 = rows to add and, if it names them, $2 = rows already there. */
interface Fill {
  table: string;
  rows: number;
  insert: string;
}

/** Two years back from now, uniformly: where every filled row's time falls. */
const WHEN = `now() - random() * interval '730 days'`;

const FILLS: Fill[] = [
  {
    table: 'users',
    rows: scale('BENCH_USERS', 1_000_000),
    // 40 countries and both languages.
    insert: `insert into users (email, first_name, last_name, status, password_hash, country_id, language, created_at)
      select 'bench' || ($2 + i) || '@example.com', 'Bench', 'User',
        (array[0, 1, 1, 1, 1, 1, 2, 3, 4, 10])[1 + (random() * 9)::int], 'x',
        (array(select id from countries order by id limit 40))[1 + (random() * 39)::int],
        (array['en-US', 'uk-UA'])[1 + (random() * 1)::int], ${WHEN}
      from generate_series(1, $1) as i`,
  },
  {
    table: 'email_queue',
    rows: scale('BENCH_QUEUE', 1_000_000),
    insert: `insert into email_queue (email_to, template_name, message_id, subject, status, attempts,
        next_attempt_at, sent_at, created_at, updated_at)
      select 'user' || (random() * 50000)::int || '@example.com',
        (array['welcome', 'reset-password', 'report-delivery'])[1 + (random() * 2)::int],
        '<' || gen_random_uuid() || '@bench.local>', 'Subject', r.status, 1,
        case when r.status = 'pending' then now() + interval '30 days' else r.created end,
        case when r.status = 'sent' then r.created end, r.created, r.created
      from (
        select ${WHEN} as created,
          case when s < 0.95 then 'sent' when s < 0.98 then 'failed' when s < 0.99 then 'cancelled' else 'pending' end as status
        from (select random() as s from generate_series(1, $1)) g
      ) r`,
  },
  {
    table: 'audit_log',
    rows: scale('BENCH_LOGS', 5_000_000),
    insert: `insert into audit_log (created_at, admin_id, admin_email, action, resource, record_id)
      select ${WHEN}, 1 + (random() * 49)::int, 'admin@bench.local',
        (array['create', 'update', 'delete', 'export', 'signin'])[1 + (random() * 4)::int],
        (array['users', 'admins', 'groups', 'storage-files', 'email-queue', 'chat-channels'])[1 + (random() * 5)::int],
        ($2 + i)::text
      from generate_series(1, $1) as i`,
  },
  {
    table: 'chat_messages',
    rows: scale('BENCH_MESSAGES', 1_000_000),
    // 20,000 senders in 200 channels, each message most likely its own presence row: the worst case.
    insert: `insert into chat_messages (channel_id, seq, sender_uid, body, created_at)
      select c.id, $2 + i, md5('bench-sender-' || (random() * 19999)::int)::uuid, 'Bench message', ${WHEN}
      from generate_series(1, $1) as i
      join (select id, row_number() over (order by id) - 1 as k from chat_channels where url like 'bench-reports-%') c
        on c.k = (i % 200)`,
  },
  {
    table: 'storage_files',
    rows: scale('BENCH_FILES', 100_000),
    insert: `insert into storage_files (bucket_id, path, size, mime_type, blob_key, created_at, updated_at)
      select b.id, 'bench/' || ($2 + i) || '.png', (random() * 5000000)::bigint, 'image/png',
        'bench-reports-' || ($2 + i), t, t
      from (select i, ${WHEN} as t from generate_series(1, $1) as i) s
      join (select id, row_number() over (order by id) - 1 as k from storage_buckets where name like 'bench-reports-%') b
        on b.k = (s.i % 5)`,
  },
  {
    table: 'storage_error_groups',
    rows: scale('BENCH_ERROR_GROUPS', 20_000),
    // Three in five resolved, within two days of their first sighting.
    insert: `insert into storage_error_groups (fingerprint, service_id, level, message, status, count, first_seen,
        last_seen, resolved_at)
      select 'bench-reports-' || ($2 + i), 1 + (random() * 4)::int, 'error', 'Bench error ' || ($2 + i),
        case when resolved then 'resolved' else 'open' end, 1 + (random() * 100)::int, t, t,
        case when resolved then t + random() * interval '2 days' end
      from (select i, ${WHEN} as t, random() < 0.6 as resolved from generate_series(1, $1) as i) s`,
  },
];

/** The countries the users live in, and the channels and buckets the messages and files belong to, made once. */
const PARENTS = [
  // An empty database has no countries (the demo seed adds them): 40 of our own, as a real spread has.
  `insert into countries (code, name_en, name_uk)
   select case when c <= 26 then 'X' || chr(64 + c) else 'Q' || chr(38 + c) end, 'Bench ' || c, 'Бенч ' || c
   from generate_series(1, 40) as c
   where not exists (select 1 from countries)`,
  `insert into chat_channels (type, name, url, created_by_uid)
   select 'group', 'Bench ' || c, 'bench-reports-' || c, md5('bench-sender-0')::uuid
   from generate_series(1, 200) as c
   where not exists (select 1 from chat_channels where url like 'bench-reports-%')`,
  `insert into storage_buckets (name, access, size_limit_mb, presign_expiry_seconds)
   select 'bench-reports-' || b, 'private', 100, 3600 from generate_series(1, 5) as b
   where not exists (select 1 from storage_buckets where name like 'bench-reports-%')`,
];

async function fillTable(url: string, fill: Fill): Promise<void> {
  await withClient(url, async (client) => {
    const existing = Number((await client.query(`select count(*) as n from ${fill.table}`)).rows[0].n);
    for (let done = existing; done < fill.rows; done += CHUNK) {
      const size = Math.min(CHUNK, fill.rows - done);
      const started = performance.now();
      await client.query(fill.insert, fill.insert.includes('$2') ? [size, done] : [size]);
      const ms = performance.now() - started;
      console.log(
        `  ${fill.table}: ${(done + size).toLocaleString('en')} rows (${size} in ${ms.toFixed(0)} ms)`,
      );
    }
    await client.query(`vacuum analyze ${fill.table}`);
  });
}

async function fill(url: string): Promise<void> {
  await withClient(url, async (client) => {
    for (const statement of PARENTS) await client.query(statement);
  });
  for (const table of FILLS) await fillTable(url, table);
  if (process.env.BENCH_LAYOUT !== 'random') await layInTimeOrder(url);
  // The rollups the triggers wrote to, so the planner knows their sizes.
  await withClient(url, (client) => client.query('analyze'));
}

/**
 * The fill writes rows at random times over two years, so the triggers scatter each slot's and day's
 * rollup rows over the whole table. A platform writes its audit entries, messages and queue rows as
 * they happen, so its rollups grow in time order and a range of slots shares pages. Clustering each
 * rollup on its primary key (time first) gives it that layout; `BENCH_LAYOUT=random` keeps the
 * scattered one, the worst case (docs/performance.md, "Reports").
 */
async function layInTimeOrder(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<{ table: string; index: string }>(`
      select c.relname as table, i.relname as index from pg_class c
      join pg_index x on x.indrelid = c.oid and x.indisprimary join pg_class i on i.oid = x.indexrelid
      where c.relkind = 'r' and c.relname like 'report\\_%' and c.relnamespace = 'public'::regnamespace
      order by 1`);
    const started = performance.now();
    for (const { table, index } of rows) await client.query(`cluster "${table}" using "${index}"`);
    console.log(
      `  ${rows.length} rollups laid out in time order in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  });
}

/** A scenario's query string without its zone: the three periods of issue 27. */
function periods(today: Date): Array<{ name: string; query: string }> {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 23, 1));
  const date = (value: Date) => value.toISOString().slice(0, 10);
  return [
    { name: '30 days by day', query: 'preset=last-30-days&group=day' },
    { name: '90 days by week', query: 'preset=last-90-days&group=week' },
    { name: '2 years by month', query: `from=${date(first)}&to=${date(today)}&group=month` },
  ];
}

async function measure(serverUrl: string): Promise<LoadResult[]> {
  const headers = { authorization: `Bearer ${await demoAdminToken(serverUrl)}` };
  const results: LoadResult[] = [];
  for (const concurrency of CONCURRENCIES) {
    for (const report of REPORTS) {
      for (const tz of ZONES) {
        for (const period of periods(new Date())) {
          const url = `${serverUrl}/auth/admin/reports/${report}?${period.query}&tz=${encodeURIComponent(tz)}`;
          const request = async () => (await httpGet(url, headers)).status === 200;
          await runLoad('warm-up', { requests: 3, concurrency: 1 }, request);
          const name = `${report}, ${period.name}, ${tz}`;
          results.push(await runLoad(name, { requests: REQUESTS, concurrency }, request));
        }
      }
    }
  }
  return results;
}

async function main() {
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
    console.log(`reports-api: ${exists ? 'reusing' : 'filling'} ${NAME}`);
    const started = performance.now();
    await fill(url.toString());
    console.log(`  filled in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const results = await measure(pult.url);
    const scales = FILLS.map((f) => `${f.rows.toLocaleString('en')} ${f.table}`).join(', ');
    console.log(`\nreports-api on PostgreSQL, ${scales}; node ${process.version}, ${os.cpus().length} cores`);
    console.log(
      `load average after the run: ${os
        .loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')}\n`,
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

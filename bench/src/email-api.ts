/**
 * E-mails per second from `POST /notification/api/v1/send` to accepted by an SMTP server, one server
 * process, through real HTTP and real SMTP: `npm run bench:email -w @pult/bench` (after `npm run build`).
 *
 *   BENCH_DATABASE_URL=postgres://…/postgres   measure on PostgreSQL (a scratch database is made and
 *                                                dropped); else the embedded PGlite
 *   BENCH_EMAILS=2000 BENCH_CONCURRENCY=8       how many e-mails, how many senders at once
 *
 * Figures are printed, never asserted; docs/performance.md records them.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { withClient } from '../../apps/api/src/test/with-client.js';
import { DEMO_ADMIN, startPult } from '../../e2e/support/pult-server.js';
import { printTable, runLoad } from './load.js';

const EMAILS = Number(process.env.BENCH_EMAILS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const ADMIN_URL = process.env.BENCH_DATABASE_URL;

/** An SMTP server that accepts everything and counts it; the bench's stand-in for a relay. */
async function startRelay() {
  let accepted = 0;
  let lastAt = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        accepted += 1;
        lastAt = performance.now();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted: () => accepted,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  if (!ADMIN_URL) return undefined;
  const name = `pult_bench_email_${randomBytes(4).toString('hex')}`;
  const admin = (sql: string) => withClient(ADMIN_URL, async (client) => void (await client.query(sql)));
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function main() {
  const relay = await startRelay();
  const database = await scratchDatabase();
  const env: Record<string, string> = { LOG_LEVEL: 'warn', SMTP_URL: relay.url, SEED_DEMO: 'false' };
  if (database) {
    Object.assign(env, {
      DATABASE_URL: database.url,
      ADMIN_EMAIL: DEMO_ADMIN.email,
      ADMIN_PASSWORD: DEMO_ADMIN.password,
    });
  }
  const pult = await startPult(env);
  const call = async (path: string, body: unknown, headers: Record<string, string>) =>
    fetch(`${pult.url}${path}`, {
      method: 'POST',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  try {
    const signin = (await (await call('/auth/admin/signin', DEMO_ADMIN, {})).json()) as {
      access_token: string;
    };
    const admin = { authorization: `Bearer ${signin.access_token}` };
    const keys = (await (
      await call('/auth/admin/settings/regenerate-api-keys', undefined, admin)
    ).json()) as {
      keys: { service: string; key: string }[];
    };
    const key = keys.keys.find((entry) => entry.service === 'notification')?.key ?? '';
    const template = await call(
      '/notification/api/v1/admin/templates',
      {
        name: 'bench',
        type: 'email',
        subject: '{t:password-recovery.subject} #{n}',
        content: '<p>{t:password-recovery.intro}</p><p>Message {n} for <b>{name}</b></p>',
        email_config_id: null,
        priority: 0,
        is_active: true,
      },
      admin,
    );
    if (!template.ok) throw new Error(`Template: ${template.status} ${await template.text()}`);

    // The machine's state at the time: the HTTP floor of this server, measured the same way.
    const floor = await runLoad(
      'GET /healthz (floor)',
      { requests: 2000, concurrency: CONCURRENCY },
      async () => (await fetch(`${pult.url}/healthz`)).ok,
    );
    let n = 0;
    const send = () =>
      call(
        '/notification/api/v1/send',
        { template: 'bench', to: `r${n}@bench.test`, variables: { n: n++, name: 'Олена <Ковальчук>' } },
        { 'x-api-key': key },
      ).then(async (response) => {
        await response.arrayBuffer();
        return response.status === 202;
      });
    await runLoad('warm-up', { requests: 100, concurrency: CONCURRENCY }, send);
    while (relay.accepted() < 100) await new Promise((resolve) => setTimeout(resolve, 20));

    const before = relay.accepted();
    const started = performance.now();
    const load = await runLoad(
      `POST /send (${EMAILS} e-mails)`,
      { requests: EMAILS, concurrency: CONCURRENCY },
      send,
    );
    while (relay.accepted() < before + EMAILS) await new Promise((resolve) => setTimeout(resolve, 10));
    const seconds = (relay.lastAt() - started) / 1000;
    console.log(`\nemail-api on ${database ? 'PostgreSQL' : 'PGlite'}, node ${process.version}\n`);
    printTable([floor, load]);
    console.log(
      `\n${EMAILS} e-mails from the first send to the last accepted by SMTP: ${seconds.toFixed(2)} s = ${(EMAILS / seconds).toFixed(0)} e-mails/s (queue drained ${(seconds - load.seconds).toFixed(2)} s after the last send answered)`,
    );
  } finally {
    await pult.stop();
    await relay.close();
    await database?.drop();
  }
}

await main();

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, SERVER_ENTRY } from '../../../../../e2e/support/pult-server.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { withClient } from '../../test/with-client.js';

/**
 * Two server processes (the built `dist/main.js`) deliver 200 e-mails from one PostgreSQL queue while
 * the test kills one of them with SIGKILL again and again and starts it anew. Every e-mail must reach
 * the SMTP server; one may arrive twice only with the same Message-ID (at-least-once).
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN = { email: 'mail-admin@pult.test', password: 'mail-admin-password' };
const MESSAGES = 200;
const KILLS = 6;

interface Server {
  url: string;
  child: ChildProcess;
  dataDir: string;
}

describe.skipIf(!adminUrl)('e-mail delivery survives kill -9', () => {
  const name = `pult_mail_${randomBytes(5).toString('hex')}`;
  let databaseUrl: string;
  let smtp: SmtpSink;
  const servers: (Server | undefined)[] = [undefined, undefined];

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
    await admin((client) => client.query(`create database ${name}`));
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    // A relay that takes its time, so kills land while messages are being handed over.
    smtp = await startSmtpSink({ delayMs: 400 });
  });
  afterAll(async () => {
    for (const server of servers) if (server) await stop(server, 'SIGKILL');
    await smtp?.close();
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
  });

  const env = () => ({
    DATABASE_URL: databaseUrl,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: SECRET,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    // No balancer to wait for: stop at once.
    SHUTDOWN_DRAIN_MS: '0',
    // One issuer for both, as behind a load balancer: each accepts the other's tokens.
    PUBLIC_URL: 'http://pult.test',
    SMTP_URL: smtp.url,
    EMAIL_LEASE_SECONDS: '2',
    EMAIL_CONCURRENCY: '2',
  });

  it(`delivers all ${MESSAGES} e-mails while a process is killed ${KILLS} times`, async () => {
    servers[0] = await start(env());
    servers[1] = await start(env());
    const token = await signIn(servers[0].url);
    await call(servers[0].url, token, '/admin/templates', {
      name: 'kill-test',
      type: 'email',
      subject: 'Message {n}',
      content: '<p>Message number {n}</p>',
      email_config_id: null,
      priority: 0,
      is_active: true,
    });
    for (let n = 0; n < MESSAGES; n++) {
      await call(servers[n % 2]!.url, token, '/send', {
        template: 'kill-test',
        to: `r${n}@pult.test`,
        variables: { n },
      });
    }

    let kills = 0;
    while (kills < KILLS) {
      expect(distinctRecipients(), 'delivery finished before the kills were done').toBeLessThan(MESSAGES);
      const victim = kills % 2;
      await stop(servers[victim]!, 'SIGKILL');
      kills += 1;
      servers[victim] = await start(env());
    }

    const deadline = Date.now() + 60_000;
    while (distinctRecipients() < MESSAGES && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const byRecipient = new Map<string, Set<string>>();
    for (const mail of smtp.messages) {
      const to = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      byRecipient.set(to, (byRecipient.get(to) ?? new Set()).add(mail.messageId ?? ''));
    }
    const missing = Array.from({ length: MESSAGES }, (_, n) => `r${n}@pult.test`).filter(
      (to) => !byRecipient.has(to),
    );
    expect(missing).toEqual([]);
    // A recipient that got two e-mails got the same message twice, never two different ones.
    for (const [to, ids] of byRecipient) expect([...ids], to).toHaveLength(1);
    const duplicates = smtp.messages.length - MESSAGES;
    console.info(
      `kill -9 test: ${kills} kills, ${smtp.messages.length} received, ${duplicates} duplicates, ${smtp.connectionErrors.length} connections broken off`,
    );

    const statuses = await withDatabase((client) =>
      client.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from email_queue group by status',
      ),
    );
    expect(statuses.rows).toEqual([{ status: 'sent', n: MESSAGES }]);
  }, 180_000);

  it('on SIGTERM stops claiming, finishes the sends under way and exits', async () => {
    for (const server of servers.splice(0)) if (server) await stop(server, 'SIGKILL');
    const server = await start(env());
    const token = await signIn(server.url);
    const before = smtp.messages.length;
    for (let n = 0; n < 20; n++) {
      await call(server.url, token, '/send', {
        template: 'kill-test',
        to: `term${n}@pult.test`,
        variables: { n },
      });
    }
    while (smtp.messages.length === before) await new Promise((resolve) => setTimeout(resolve, 50));
    const exited = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    await rm(server.dataDir, { recursive: true, force: true });
    const rows = await withDatabase((client) =>
      client.query<{ status: string; attempts: number; email_to: string }>(
        "select status, attempts, email_to from email_queue where email_to like 'term%'",
      ),
    );
    expect(rows.rows.filter((row) => row.status === 'processing')).toEqual([]);
    const sent = rows.rows.filter((row) => row.status === 'sent').map((row) => row.email_to);
    const received = smtp.messages
      .slice(before)
      .map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : ''));
    expect(new Set(received)).toEqual(new Set(sent));
    expect(sent.length).toBeLessThan(20);
    expect(rows.rows.filter((row) => row.status === 'pending').every((row) => row.attempts === 0)).toBe(true);
  }, 60_000);

  function distinctRecipients(): number {
    return new Set(smtp.messages.map((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '')))
      .size;
  }

  function withDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    return withClient(databaseUrl, run);
  }
});

const SECRET = randomBytes(32).toString('base64');

function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(adminUrl as string, run);
}

async function start(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-kill-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Server did not start');
}

async function stop(server: Server, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    await new Promise<void>((resolve) => {
      server.child.once('exit', () => resolve());
      server.child.kill(signal);
    });
  }
  await rm(server.dataDir, { recursive: true, force: true });
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/auth/admin/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  return ((await response.json()) as { access_token: string }).access_token;
}

async function call(url: string, token: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${url}/notification/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

import net, { type AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { smtpBody } from '../configs/config-bodies.test-support.js';

const BASE = '/notification/api/v1/admin/smtp-configs';

/** An SMTP server that requires AUTH (PLAIN/LOGIN over plain text, as a local relay may). */
async function startAuthServer(user: string, pass: string) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'Pult test relay ready',
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) return callback(null, { user });
      const error = new Error('Authentication credentials invalid') as Error & { responseCode: number };
      error.responseCode = 535;
      return callback(error);
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** "Test connection" and "Send test" hold a real SMTP conversation and report the server's answer. */
describe('SMTP test connection and send test', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let relay: Awaited<ReturnType<typeof startAuthServer>>;

  beforeAll(async () => {
    relay = await startAuthServer('mailer', 'right-pass-Vb2');
    t = await createTestApp('pglite');
    headers = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
    await relay?.close();
  });

  const config = (overrides: Record<string, unknown> = {}) =>
    smtpBody({
      host: '127.0.0.1',
      port: relay.port,
      encryption: 'none',
      password: 'right-pass-Vb2',
      ...overrides,
    });
  const post = (path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `${BASE}${path}`, headers, payload });

  it('authenticates with typed values that were never saved', async () => {
    const answer = await post('/check', { id: null, config: config() });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ ok: true, message: expect.stringMatching(/^235 /) });
  });

  it('reports the server’s own answer to a wrong password', async () => {
    const answer = await post('/check', { id: null, config: config({ password: 'wrong' }) });
    expect(answer.json()).toEqual({ ok: false, message: '535 Authentication credentials invalid' });
  });

  it('connects without authentication when no username is set', async () => {
    const answer = await post('/check', { config: config({ username: '', password: '' }) });
    expect(answer.json().ok).toBe(true);
  });

  it('uses the stored password when the edit form leaves it empty', async () => {
    const created = await t.app.inject({ method: 'POST', url: BASE, headers, payload: config() });
    const id = created.json().id;
    const answer = await post('/check', { id, config: config({ password: '' }) });
    expect(answer.json()).toMatchObject({ ok: true });
    const typed = await post('/check', { id, config: config({ password: 'typed-wrong' }) });
    expect(typed.json()).toMatchObject({ ok: false });
    expect((await post('/check', { id: 999_999, config: config() })).statusCode).toBe(404);
  });

  it('sends a test e-mail through this configuration and shows the server’s reply', async () => {
    const answer = await post('/send-test', { config: config({ name: 'Relay A' }), to: 'ops@example.test' });
    expect(answer.json()).toEqual({ ok: true, message: expect.stringMatching(/^250 /) });
    const mail = relay.received.at(-1);
    expect(mail?.to).toMatchObject({ text: 'ops@example.test' });
    expect(mail?.from?.text).toBe('"Pult" <no-reply@example.test>');
    expect(mail?.text).toContain('Relay A');
  });

  it('reports a closed port clearly and within 10 s', async () => {
    const port = await closedPort();
    const started = Date.now();
    const answer = await post('/check', { config: config({ port }) });
    expect(answer.json()).toEqual({ ok: false, message: expect.stringContaining('ECONNREFUSED') });
    expect(Date.now() - started).toBeLessThan(10_500);
  });

  it('gives up on a server that accepts the connection but never speaks, after 10 s', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const started = Date.now();
    try {
      const answer = await post('/check', { config: config({ port }) });
      expect(answer.json()).toMatchObject({ ok: false });
      expect(answer.json().message).toMatch(/greeting|No answer within 10 s|timeout/i);
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
      expect(Date.now() - started).toBeLessThan(15_000);
    } finally {
      silent.close();
    }
  }, 30_000);

  it('refuses a bad body as any form would', async () => {
    const answer = await post('/check', { config: config({ port: 70_000 }) });
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toEqual({ message: { 'config.port': ['A port from 1 to 65535'] } });
  });
});

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase } from '../test/test-database.js';
import { type ReceivedSpan, startOtlpReceiver } from './otlp-receiver.test-support.js';

/**
 * Traces from a real server process (`main.ts` from source, with tsx) to a collector in the test:
 * a request with the panel's `traceparent` that runs SQL and queues an e-mail, its server span named
 * by route, its statements' spans under it, and the delivery worker's send linked back to it. And,
 * without a collector configured, not one OpenTelemetry module imported.
 */
const MAIN = fileURLToPath(new URL('../main.ts', import.meta.url));
const RECORD_IMPORTS = fileURLToPath(new URL('./record-imports.test-support.ts', import.meta.url));
const ADMIN = { email: 'tracing-admin@pult.local', password: 'tracing-admin-2026' };
const RECOVERY_ROUTE = '/auth/admin/recover-password-request';
/** The panel's origin (PUBLIC_URL), as if served apart from the API. */
const PANEL_ORIGIN = 'http://panel.pult.test';

const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface ServerProcess {
  url: string;
  /** Every `@opentelemetry` module URL the process imported. */
  imports(): Promise<string[]>;
  stop(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'pult-tracing-'));
  const importsFile = path.join(dir, 'imports.txt');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', '--import', RECORD_IMPORTS, MAIN], {
    env: {
      ...process.env,
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      WEB_DIST_DIR: path.join(dir, 'no-panel'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: PANEL_ORIGIN,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      PULT_RECORD_IMPORTS: importsFile,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('Server did not become ready');
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async imports() {
      const text = await readFile(importsFile, 'utf8').catch(() => '');
      return text.split('\n').filter(Boolean);
    },
    async stop() {
      // SIGTERM: the SDK's shutdown flushes what it still holds.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(killer);
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The panel's request: its own trace id, as the browser's `traceparent` would carry it. */
async function queueRecoveryEmail(url: string): Promise<string> {
  const traceId = randomBytes(16).toString('hex');
  const response = await fetch(`${url}${RECOVERY_ROUTE}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
    },
    body: JSON.stringify({ email: ADMIN.email }),
  });
  expect(response.status).toBe(200);
  return traceId;
}

async function waitFor<T>(what: string, find: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The checks both databases share; returns the request's statement spans for the caller's own. */
async function expectTracedRequest(
  server: ServerProcess,
  spans: ReceivedSpan[],
  bodies: string[],
): Promise<ReceivedSpan[]> {
  const traceId = await queueRecoveryEmail(server.url);

  const request = await waitFor('the server span', () =>
    spans.find((span) => span.traceId === traceId && span.kind === SERVER),
  );
  // Named by the route pattern, in the panel's trace, under its span.
  expect(request.name).toBe(`POST ${RECOVERY_ROUTE}`);
  expect(request.attributes['http.route']).toBe(RECOVERY_ROUTE);
  expect(request.parentSpanId).not.toBe('');
  expect(request.resource).toMatchObject({ 'service.name': 'pult', 'service.version': '0.1.0' });

  const statements = spans.filter(
    (span) =>
      span.traceId === traceId && span.kind === CLIENT && span.attributes['db.system.name'] === 'postgresql',
  );
  expect(statements.length).toBeGreaterThan(0);
  const inRequest = new Set(spans.filter((span) => span.traceId === traceId).map((span) => span.spanId));
  for (const statement of statements) expect(inRequest.has(statement.parentSpanId)).toBe(true);
  expect(statements.some((span) => String(span.attributes['db.query.text']).includes('email_queue'))).toBe(
    true,
  );

  // The worker's send: a trace of its own, linked to the request that queued it, with the SMTP call.
  const delivery = await waitFor('the delivery span', () =>
    spans.find((span) => span.kind === CONSUMER && span.links.some((link) => link.traceId === traceId)),
  );
  expect(delivery.name).toBe('deliver email');
  expect(delivery.traceId).not.toBe(traceId);
  expect(delivery.attributes['pult.delivery.outcome']).toBe('sent');
  const send = await waitFor('the send span', () =>
    spans.find((span) => span.parentSpanId === delivery.spanId && span.name === 'email send'),
  );
  expect(send.kind).toBe(CLIENT);

  // No personal data: the address went in as a statement parameter and must not come out.
  for (const body of bodies) expect(body).not.toContain(ADMIN.email);
  // Probes are not traced.
  expect(
    spans.some((span) => span.name.includes('readyz') || span.attributes['http.route'] === '/readyz'),
  ).toBe(false);
  return statements;
}

describe('tracing with OTEL_EXPORTER_OTLP_ENDPOINT set (PGlite)', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let server: ServerProcess;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    server = await startServer({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // Export every 100 ms rather than every 5 s: the test waits for what it expects.
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('sends the request span tree with the propagated trace id and links the send to it', async () => {
    const statements = await expectTracedRequest(server, receiver.spans, receiver.bodies);
    expect(statements.every((span) => span.scope === 'pult-pglite')).toBe(true);
    expect(await server.imports()).toContainEqual(expect.stringContaining('/@opentelemetry/sdk-node/'));
  }, 60_000);

  it('lets the panel send its trace context from another origin (CORS preflight)', async () => {
    const preflight = await fetch(`${server.url}${RECOVERY_ROUTE}`, {
      method: 'OPTIONS',
      headers: {
        origin: PANEL_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,traceparent,tracestate',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PANEL_ORIGIN);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/\btraceparent\b.*\btracestate\b/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'tracing with OTEL_EXPORTER_OTLP_ENDPOINT set (PostgreSQL)',
  () => {
    let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
    let server: ServerProcess;
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
    beforeAll(async () => {
      scratch = await createScratchDatabase('pult_tracing');
      receiver = await startOtlpReceiver();
      server = await startServer({
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        OTEL_BSP_SCHEDULE_DELAY: '100',
        DATABASE_URL: scratch.url,
      });
    }, 120_000);
    afterAll(async () => {
      await server?.stop();
      await receiver?.close();
      await scratch?.drop();
    });

    it('has pg spans from the PostgreSQL instrumentation under the request', async () => {
      const statements = await expectTracedRequest(server, receiver.spans, receiver.bodies);
      expect(statements.every((span) => span.scope === '@opentelemetry/instrumentation-pg')).toBe(true);
    }, 60_000);
  },
);

describe('tracing without OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({});
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
  });

  it('imports no OpenTelemetry module, serving requests or delivering', async () => {
    await queueRecoveryEmail(server.url);
    // Long enough for the worker's next round (every 2 s) to send the message.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(await server.imports()).toEqual([]);
  }, 30_000);
});

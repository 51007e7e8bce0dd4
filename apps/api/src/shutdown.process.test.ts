import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The SIGTERM path of `main.ts` in a real process (run from source with tsx, so no build is needed):
 * `/readyz` turns 503 at once and stays so for SHUTDOWN_DRAIN_MS while other requests are served,
 * then the process exits 0.
 */
const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const DRAIN_MS = 1_500;

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

async function status(
  url: string,
): Promise<{ code: number; body: Record<string, unknown>; id: string | null }> {
  const response = await fetch(url);
  return {
    code: response.status,
    body: (await response.json()) as Record<string, unknown>,
    id: response.headers.get('x-request-id'),
  };
}

describe('SIGTERM drain of a server process', () => {
  let child: ChildProcess;
  let url: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-drain-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}`);
      try {
        if ((await fetch(`${url}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('Server did not become ready');
  }, 120_000);
  afterAll(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers /readyz 503 during the drain, keeps serving, then exits 0', async () => {
    expect(await status(`${url}/readyz`)).toMatchObject({ code: 200, body: { status: 'ok' } });
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const signalled = Date.now();
    child.kill('SIGTERM');
    // The first answer after the signal may still be in flight; from then on it is 503.
    let ready = await status(`${url}/readyz`);
    for (let i = 0; i < 20 && ready.code === 200; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      ready = await status(`${url}/readyz`);
    }
    expect(ready.code).toBe(503);
    expect(ready.body).toEqual({ status: 'unavailable', reason: 'shutting-down', request_id: ready.id });
    expect(Date.now() - signalled).toBeLessThan(DRAIN_MS);
    // Still serving during the drain: liveness and the panel's configuration.
    expect((await status(`${url}/healthz`)).code).toBe(200);
    expect((await status(`${url}/config.json`)).code).toBe(200);
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 50);
  }, 60_000);
});

import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The built server; a benchmark may name a private build (BENCH_SERVER_ENTRY) while e2e runs use dist. */
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY ?? path.join(REPO_ROOT, 'apps/api/dist/main.js');

/** The demo admin of the embedded database (README). */
export const DEMO_ADMIN = { email: 'admin@pult.local', password: 'pult-admin-2026' } as const;

export interface PultServer {
  url: string;
  dataDir: string;
  /** The server process (benchmarks read its memory). */
  pid: number | undefined;
  output(): string;
  /** SIGTERM, wait for exit; the data directory is removed unless `keepData`. */
  stop(options?: { keepData?: boolean }): Promise<number | null>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Settings that change nothing a first start writes: a server given only these may start from a copy
 * of the run's template data directory (global-setup.ts) instead of migrating and seeding afresh.
 * A mail server (SMTP_URL), storage driver or database changes what the first start delivers or
 * writes, so such a server starts fresh.
 */
const TEMPLATE_SAFE_SETTINGS = new Set([
  'LOG_LEVEL',
  'WEB_DIST_DIR',
  'PORT',
  'PUBLIC_URL',
  'LIST_COUNT_LIMIT',
  'ACCESS_TOKEN_TTL',
  'REFRESH_TOKEN_TTL',
  'SESSION_MAX_AGE',
  'STEP_UP_SECONDS',
]);

/** Set by global-setup.ts: a data directory a server migrated and seeded, then left. */
export const TEMPLATE_DATA_DIR_VARIABLE = 'PULT_E2E_TEMPLATE_DATA_DIR';

/** Starts the built server (`npm run build` first) on a free port with its own DATA_DIR. */
export async function startPult(env: Record<string, string> = {}): Promise<PultServer> {
  // A spec that needs the port before the server starts (a PUBLIC_URL naming it) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'pult-e2e-')));
  const template = process.env[TEMPLATE_DATA_DIR_VARIABLE];
  if (!env.DATA_DIR && template && Object.keys(env).every((name) => TEMPLATE_SAFE_SETTINGS.has(name))) {
    await cp(template, dataDir, { recursive: true });
  }
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, () => output);
  return {
    url,
    dataDir,
    pid: child.pid,
    output: () => output,
    async stop(options = {}) {
      const code = await stopChild(child);
      if (!options.keepData) await rm(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

/**
 * A server migrates a fresh PGlite and seeds the demo before it listens: 13–18 s on an idle 2-core
 * machine, and more than 60 s once two browsers and another spec's server share the cores (a copy of
 * the template starts in a few seconds).
 */
const HEALTH_DEADLINE_MS = 120_000;

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_DEADLINE_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`Server did not become healthy:\n${output()}`);
}

export function stopChild(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
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

/** Starts the built server (`npm run build` first) on a free port with its own DATA_DIR. */
export async function startPult(env: Record<string, string> = {}): Promise<PultServer> {
  // A spec that needs the port before the server starts (a PUBLIC_URL naming it) passes PORT.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'pult-e2e-')));
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
 * A server migrates a fresh PGlite and seeds the demo before it listens: 18 s on an idle 2-core
 * machine, and more than 60 s once two browsers and another spec's server share the cores.
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

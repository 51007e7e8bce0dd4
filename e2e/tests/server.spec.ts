import { spawnSync } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { DEMO_ADMIN, SERVER_ENTRY, startPult } from '../support/pult-server.js';

test.describe('the server process', () => {
  test('a bad configuration value stops it with one line naming the variable and exit code 1', () => {
    for (const [name, value] of [
      ['PORT', 'eighty'],
      ['ACCESS_TOKEN_TTL', '-1'],
      ['DATABASE_URL', 'mysql://nope'],
      ['SMTP_URL', 'http://not-smtp'],
    ] as const) {
      const result = spawnSync(process.execPath, [SERVER_ENTRY], {
        env: { ...process.env, [name]: value, DATA_DIR: '/tmp/pult-never-created' },
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(result.status, `${name}=${value}`).toBe(1);
      const lines = result.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(name);
    }
  });

  test('migrates, seeds the demo admin, serves panel and services, and stops cleanly on SIGTERM', async ({
    request,
  }) => {
    // Its own empty data directory: a copy of the run's template would be migrated and seeded already.
    const server = await startPult({ DATA_DIR: await mkdtemp(path.join(os.tmpdir(), 'pult-e2e-fresh-')) });
    let stopped = false;
    try {
      const health = await request.get(`${server.url}/healthz`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const page = await request.get(`${server.url}/auth/users?page=2`, { headers: { accept: 'text/html' } });
      expect(page.headers()['content-type']).toContain('text/html');
      const signin = await request.post(`${server.url}/auth/admin/signin`, { data: DEMO_ADMIN });
      expect(signin.status()).toBe(200);
      const logs = server.output().trim().split('\n');
      expect(logs.some((line) => JSON.parse(line).msg === `Server listening at ${server.url}`)).toBe(true);
      expect(server.output()).not.toContain(DEMO_ADMIN.password);
      const code = await server.stop();
      stopped = true;
      expect(code).toBe(0);
      expect(server.output()).toContain('"msg":"Shutting down"');
    } finally {
      if (!stopped) await server.stop();
    }
  });

  test('the embedded database and its signing key survive a restart on the same DATA_DIR', async ({
    request,
  }) => {
    const first = await startPult();
    const keys = await (await request.get(`${first.url}/auth/.well-known/jwks.json`)).json();
    const pair = await (await request.post(`${first.url}/auth/admin/signin`, { data: DEMO_ADMIN })).json();
    expect(await first.stop({ keepData: true })).toBe(0);

    const second = await startPult({ DATA_DIR: first.dataDir });
    try {
      expect(await (await request.get(`${second.url}/auth/.well-known/jwks.json`)).json()).toEqual(keys);
      const renewed = await request.post(`${second.url}/auth/admin/refresh-token`, {
        data: { refresh_token: pair.refresh_token },
      });
      expect(renewed.status()).toBe(200);
    } finally {
      await second.stop();
    }
  });
});

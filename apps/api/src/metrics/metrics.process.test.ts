import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PultServer, SERVER_ENTRY, startPult } from '../../../../e2e/support/pult-server.js';
import { parsePrometheusText } from '../test/prom-text.js';

/** The built server (`dist/main.js`, as deployed) with METRICS_PORT: a second listener on loopback. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('METRICS_PORT on the built server', () => {
  let pult: PultServer | undefined;
  let metricsPort = 0;
  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: run npm run build first`);
    metricsPort = await freePort();
    pult = await startPult({ METRICS_PORT: String(metricsPort), LOG_LEVEL: 'warn', SEED_DEMO: 'false' });
  }, 60_000);
  afterAll(async () => {
    await pult?.stop();
  });

  it('answers /metrics on the metrics port, times the main port’s requests, and keeps /metrics off it', async () => {
    expect((await fetch(`${pult!.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${pult!.url}/metrics`, { headers: { accept: 'text/plain' } })).status).toBe(404);
    const response = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(response.status).toBe(200);
    const metrics = parsePrometheusText(await response.text());
    expect(
      metrics.value('pult_http_request_duration_seconds_count', { route: '/healthz', status_class: '2xx' }),
    ).toBeGreaterThanOrEqual(1);
    expect(metrics.value('pult_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${metricsPort}/healthz`)).status).toBe(404);
  });
});

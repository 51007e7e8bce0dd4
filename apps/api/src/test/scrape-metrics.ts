import { expect } from 'vitest';
import { type PromExposition, parsePrometheusText } from './prom-text.js';
import type { TestApp } from './test-app.js';

/** The bearer token a test app serves `/metrics` with on its main port (`METRICS_TOKEN`). */
export const METRICS_TOKEN = 'metrics-token-0123456789';

/** The app's `/metrics`, asked with the token, read strictly as the Prometheus text format. */
export async function scrapeMetrics(t: TestApp): Promise<PromExposition> {
  const response = await t.app.inject({
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(response.body);
}

import { afterEach, describe, expect, it } from 'vitest';
import { parsePrometheusText } from '../test/prom-text.js';
import { METRICS_TOKEN, scrapeMetrics } from '../test/scrape-metrics.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import { bearerMatches } from './metrics-http.js';

/** A message queued straight into the table, as the send API would for another channel. */
async function queueRow(
  t: TestApp,
  row: { channel: 'sms' | 'push'; email_to: string; status?: 'pending' | 'failed' },
): Promise<void> {
  const now = new Date(t.time.clock());
  await t.db
    .insertInto('email_queue')
    .values({
      ...row,
      template_name: 'welcome',
      message_id: `<${row.channel}-${now.getTime()}@pult.test>`,
      subject: 'Hello',
      body_text: 'Hello',
      body_html: null,
      max_attempts: 1,
      next_attempt_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

describe.each(testDatabaseKinds())('metrics (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const signIn = (app: TestApp, password: string) =>
    app.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: TEST_ADMIN.email, password },
    });

  it('serves nothing without METRICS_PORT or METRICS_TOKEN', async () => {
    t = await createTestApp(kind);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    expect(await t.listenMetrics()).toBeUndefined();
  });

  it('asks the main port for the bearer token when METRICS_TOKEN is set', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toMatch(/^Bearer/);
    const basic = await t.app.inject({
      url: '/metrics',
      headers: { authorization: `Basic ${METRICS_TOKEN}` },
    });
    expect(basic.statusCode).toBe(401);
    const metrics = await scrapeMetrics(t);
    // Node's default process metrics are there, under the same prefix.
    expect(metrics.types.get('pult_process_cpu_user_seconds_total')).toBe('counter');
    expect(metrics.types.get('pult_http_request_duration_seconds')).toBe('histogram');
  });

  it('counts sign-ins by outcome, without e-mail or address labels', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const before = await scrapeMetrics(t);
    expect((await signIn(t, 'not-the-password')).statusCode).toBe(422);
    expect((await signIn(t, TEST_ADMIN.password)).statusCode).toBe(200);
    const after = await scrapeMetrics(t);
    const moved = (outcome: string) =>
      after.value('pult_signins_total', { kind: 'admin', outcome }) -
      before.value('pult_signins_total', { kind: 'admin', outcome });
    expect(moved('bad_password')).toBe(1);
    expect(moved('success')).toBe(1);
    for (const sample of after.samples.filter((s) => s.name === 'pult_signins_total')) {
      expect(Object.keys(sample.labels).sort()).toEqual(['kind', 'outcome']);
    }
  });

  it('shows queued messages by channel and status, with the age of the oldest pending of each', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/recover-password-request',
      payload: { email: TEST_ADMIN.email },
    });
    expect(response.statusCode).toBeLessThan(300);
    t.time.advance(30);
    await queueRow(t, { channel: 'sms', email_to: '+380501234567' });
    await queueRow(t, { channel: 'push', email_to: 'device-token', status: 'failed' });
    t.time.advance(10);
    const metrics = await scrapeMetrics(t);
    const rows = (channel: string, status: string) =>
      metrics.value('pult_email_queue_rows', { channel, status });
    expect(rows('email', 'pending')).toBe(1);
    expect(rows('sms', 'pending')).toBe(1);
    expect(rows('push', 'pending')).toBe(0);
    expect(rows('push', 'failed')).toBe(1);
    expect(rows('email', 'failed')).toBe(0);
    const oldest = (channel: string) => metrics.value('pult_email_queue_oldest_pending_seconds', { channel });
    expect(oldest('email')).toBeGreaterThanOrEqual(40);
    expect(oldest('sms')).toBeGreaterThanOrEqual(10);
    expect(oldest('sms')).toBeLessThan(40);
    expect(oldest('push')).toBe(0);
  });

  it('counts deliveries by channel and outcome, and refreshes by outcome', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const before = await scrapeMetrics(t);
    await t.app.inject({
      method: 'POST',
      url: '/auth/admin/recover-password-request',
      payload: { email: TEST_ADMIN.email },
    });
    // No SMTP server configured: the outbox directory takes it.
    expect(await t.deliverEmails()).toBe(1);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: 'not-a-token' },
    });
    expect(refresh.statusCode).toBe(401);
    const after = await scrapeMetrics(t);
    const moved = (name: string, labels: Record<string, string>) =>
      after.value(name, labels) - before.value(name, labels);
    expect(moved('pult_message_deliveries_total', { channel: 'email', outcome: 'sent' })).toBe(1);
    expect(moved('pult_token_refreshes_total', { outcome: 'invalid' })).toBe(1);
    expect(after.value('pult_email_queue_rows', { status: 'pending' })).toBe(0);
  });

  it('times a list under its route pattern, never its URL', async () => {
    t = await createTestApp(kind, { METRICS_TOKEN });
    const signedIn = (await signIn(t, TEST_ADMIN.password)).json<{ access_token: string }>();
    const labels = { method: 'GET', route: '/auth/admin/users', status_class: '2xx' };
    const before = await scrapeMetrics(t);
    const list = await t.app.inject({
      url: '/auth/admin/users?page=2&perPage=5&filter[email]=ann',
      headers: { authorization: `Bearer ${signedIn.access_token}` },
    });
    expect(list.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/no/such/path/42' })).statusCode).toBe(404);
    const after = await scrapeMetrics(t);
    const count = 'pult_http_request_duration_seconds_count';
    expect(after.value(count, labels) - before.value(count, labels)).toBe(1);
    expect(after.value(count, { route: 'unmatched', status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    expect(
      after.value('pult_list_totals_total') - before.value('pult_list_totals_total'),
    ).toBeGreaterThanOrEqual(1);
    const routes = new Set(after.samples.map((sample) => sample.labels.route).filter(Boolean));
    for (const route of routes) expect(route).not.toMatch(/[?]|\/\d+(\/|$)/);
    expect(after.value('pult_http_requests_in_flight')).toBeGreaterThanOrEqual(0);
  });

  it('serves /metrics on METRICS_PORT (loopback) and not on the main port', async () => {
    t = await createTestApp(kind, { METRICS_PORT: '0' });
    const address = await t.listenMetrics();
    expect(address).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const response = await fetch(`${address}/metrics`);
    expect(response.status).toBe(200);
    const metrics = parsePrometheusText(await response.text());
    expect(metrics.types.get('pult_signins_total')).toBe('counter');
    expect((await fetch(`${address}/healthz`)).status).toBe(404);
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(404);
    if (kind === 'postgres') {
      const pool = (name: string) => metrics.value(`pult_db_pool_connections_${name}`);
      expect(pool('total')).toBeGreaterThan(0);
      expect(pool('in_use')).toBe(pool('total') - pool('idle'));
    }
  });
});

describe('bearerMatches', () => {
  it('accepts exactly the token', () => {
    expect(bearerMatches(`Bearer ${METRICS_TOKEN}`, METRICS_TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${METRICS_TOKEN}`, METRICS_TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${METRICS_TOKEN.slice(1)}`, METRICS_TOKEN)).toBe(false);
    expect(bearerMatches(undefined, METRICS_TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', METRICS_TOKEN)).toBe(false);
    expect(bearerMatches(METRICS_TOKEN, METRICS_TOKEN)).toBe(false);
  });
});

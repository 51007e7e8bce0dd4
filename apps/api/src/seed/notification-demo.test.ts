import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../test/factories.js';
import { fetchReport } from '../test/report-cells.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedNotificationDemo } from './notification-demo.js';

/** The demo queue gives the Delivery report's failure reasons and latency something to show. */
describe('the Delivery report on the demo queue', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    auth = await adminHeaders(t);
    await seedNotificationDemo(t.db, new Date());
  }, 60_000);
  afterAll(() => t?.close());

  it('ranks several failure classes and times the sent messages', async () => {
    const result = await fetchReport(t, '/auth/admin/reports/delivery?preset=last-7-days', auth);
    const section = (id: string) => result.sections.find((entry) => entry.id === id)?.series ?? [];
    expect(section('failureReasons').map((series) => [series.key, series.total])).toEqual([
      ['rejected', 3],
      ['auth', 1],
      ['connection', 1],
      ['temporary', 1],
    ]);
    const [p50, p95] = section('latency');
    expect(p50?.total).toBe(5);
    expect(p95?.total).toBe(1800);
    const configs = await t.db.selectFrom('smtp_configs').select('id').where('name', '=', 'Mailpit (local)');
    const { id } = await configs.executeTakeFirstOrThrow();
    expect(section('byConfig').map((series) => [series.key, series.label])).toEqual([
      [`smtp:${id}`, 'Mailpit (local)'],
      ['outbox', null],
    ]);
  });
});

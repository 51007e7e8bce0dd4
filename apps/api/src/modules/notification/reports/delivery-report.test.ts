import type { ReportResult } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

/** The Delivery report against `count(*)` over the queue, after outcome changes, no-op updates and deletes. */
describe.each(testDatabaseKinds())('the Delivery report on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  const report = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: auth });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportResult>();
  };
  const section = (result: ReportResult, id: string) => result.sections.find((entry) => entry.id === id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = await adminHeaders(t);
  });
  afterAll(() => t?.close());

  it('counts deliveries by outcome, channel and template as the queue holds them', async () => {
    // 300 messages queued over 20 days around Kyiv's DST change, then moved between outcomes and pruned.
    await sql`insert into email_queue (email_to, template_name, message_id, subject, status, channel, next_attempt_at, created_at, updated_at)
      select 'd' || i || '@pult.test', (array['welcome', 'reset'])[1 + i % 2], 'dm' || i || '@pult.test', 'Hi',
        (array['pending', 'sent', 'sent', 'failed', 'cancelled'])[1 + i % 5], (array['email', 'sms', 'push'])[1 + i % 3],
        now(), timestamptz '2025-10-16 00:00Z' + i * interval '97 minutes', now()
      from generate_series(1, 300) as i`.execute(t.db);
    await sql`update email_queue set status = 'sent' where status = 'failed' and id % 2 = 0`.execute(t.db);
    await sql`update email_queue set attempts = attempts + 1 where id % 3 = 0`.execute(t.db);
    await sql`delete from email_queue where id % 7 = 0`.execute(t.db);
    const result = await report(
      '/auth/admin/reports/delivery?from=2025-10-20&to=2025-10-30&group=week&tz=Europe/Kyiv&channel=sms',
    );
    expect(result.buckets).toEqual(['2025-10-20', '2025-10-27']);
    const { rows } = await sql<{ bucket: string; status: string; n: number }>`
      select to_char(date_trunc('week', created_at at time zone 'Europe/Kyiv'), 'YYYY-MM-DD') as bucket, status,
        count(*)::int as n
      from email_queue where channel = 'sms'
        and created_at >= timestamp '2025-10-20' at time zone 'Europe/Kyiv'
        and created_at < timestamp '2025-10-31' at time zone 'Europe/Kyiv'
      group by 1, 2`.execute(t.db);
    const cells = Object.fromEntries(rows.map((row) => [`${row.status}@${row.bucket}`, row.n]));
    const actual: Record<string, number> = {};
    for (const series of section(result, 'byStatus')?.series ?? [])
      series.values.forEach((value, index) => {
        if (value !== null && value !== 0) actual[`${series.key}@${result.buckets[index]}`] = value;
      });
    expect(actual).toEqual(cells);
    expect(
      section(result, 'byChannel')
        ?.series.filter((series) => (series.total ?? 0) > 0)
        .map((series) => series.key),
    ).toEqual(['sms']);
    const templates = section(result, 'byTemplate')
      ?.series.map((series) => series.key)
      .sort();
    expect(templates).toEqual(['reset', 'welcome']);
  });
});

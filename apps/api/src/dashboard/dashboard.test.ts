import type { DashboardCard, DashboardIndex } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../test/factories.js';
import { createBucket } from '../test/storage-factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/**
 * The dashboard's figures come from rollups kept by triggers; here they are compared with `count(*)`
 * over the same rows after inserts, updates that move rows between groups, and deletes.
 */
describe.each(testDatabaseKinds())('dashboard on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  const card = async (id: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/auth/admin/dashboard/cards/${id}`,
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    return response.json<DashboardCard>();
  };
  const count = async (query: ReturnType<typeof sql>) =>
    Number(((await query.execute(t.db)).rows[0] as { n: string | number }).n);
  /** Day `offset` days before the fake clock's day, as the rollups see it (UTC). */
  const dayBefore = (offset: number) =>
    new Date(t.time.clock().getTime() - offset * 86_400_000).toISOString().slice(0, 10);

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = await adminHeaders(t);
    const now = t.time.clock();
    // 600 users over 40 days (some outside the 30 shown) in every status.
    await sql`insert into users (email, first_name, last_name, status, password_hash, created_at)
      select 'dash' || i || '@pult.test', 'D', 'U', (array[0, 1, 1, 2, 3, 4, 10])[1 + i % 7], 'x',
        ${now}::timestamptz - (i % 40) * interval '1 day' - (i % 5) * interval '1 hour'
      from generate_series(1, 600) as i`.execute(t.db);
    // Moves between status groups, and deletes.
    await sql`update users set status = 3 where email like 'dash1%' and status = 1`.execute(t.db);
    await sql`delete from users where email like 'dash2%'`.execute(t.db);

    await sql`insert into email_queue (email_to, template_name, message_id, subject, status, next_attempt_at, created_at, updated_at)
      select 'q' || i || '@pult.test', 'welcome', 'm' || i || '@pult.test', 'Hi',
        (array['pending', 'sent', 'sent', 'failed', 'cancelled'])[1 + i % 5]::text,
        ${now}, ${now}::timestamptz - (i % 35) * interval '1 day', ${now}
      from generate_series(1, 500) as i`.execute(t.db);
    await sql`update email_queue set attempts = attempts + 1 where id % 3 = 0`.execute(t.db);
    await sql`update email_queue set status = 'sent' where status = 'failed' and id % 2 = 0`.execute(t.db);
    await sql`delete from email_queue where id % 11 = 0`.execute(t.db);

    const bucket = await createBucket(t, auth);
    await sql`insert into storage_files (bucket_id, path, size, mime_type, blob_key, created_at, updated_at)
      select ${bucket.id}, 'f/' || i || '.txt', i * 10, 'text/plain', 'k' || i,
        ${now}::timestamptz - (i % 31) * interval '1 day', ${now}
      from generate_series(1, 120) as i`.execute(t.db);
    await sql`delete from storage_files where id % 9 = 0`.execute(t.db);
    await sql`insert into storage_log_names (kind, name) values ('service', 'api'), ('environment', 'prod')`.execute(
      t.db,
    );
    await sql`insert into storage_error_groups (fingerprint, service_id, level, message, count, first_seen, last_seen, status)
      select 'fp' || i, (select id from storage_log_names where name = 'api'), 'error', 'Boom ' || i, 2,
        ${now}::timestamptz - (i % 10) * interval '1 day', ${now}, case when i % 3 = 0 then 'resolved' else 'open' end
      from generate_series(1, 30) as i`.execute(t.db);
    await sql`update storage_error_groups set status = 'resolved' where id % 4 = 0`.execute(t.db);
    await sql`insert into storage_errors (created_at, received_at, level, service_id, environment_id, message, group_id)
      select ${now}::timestamptz - (i % 20) * interval '1 day', ${now}, 'error',
        (select id from storage_log_names where name = 'api'), (select id from storage_log_names where name = 'prod'),
        'Boom', (select min(id) from storage_error_groups)
      from generate_series(1, 200) as i`.execute(t.db);
  });
  afterAll(() => t.close());

  it('lists the cards of the modules that exist, and 404s an unknown one', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/auth/admin/dashboard', headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.json<DashboardIndex>().cards.map((entry) => entry.id)).toEqual([
      'auth.usersByStatus',
      'auth.newUsers',
      'auth.adminsOnline',
      'notification.queueByStatus',
      'notification.sentFailed',
      'storage.bytesByBucket',
      'storage.filesPerDay',
      'storage.errorsPerDay',
      'storage.openErrorGroups',
    ]);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/dashboard/cards/nope',
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: '/auth/admin/dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('users by status and new users per day equal count(*)', async () => {
    const byStatus = await card('auth.usersByStatus');
    for (const item of byStatus.items) {
      expect(item.value).toBe(
        await count(sql`select count(*) as n from users where status = ${Number(item.key)}`),
      );
      expect(item.link).toBe(`/auth/users?filter[status]=${item.key}`);
    }
    const daily = await card('auth.newUsers');
    expect(daily.days).toHaveLength(30);
    expect(daily.days[29]).toBe(dayBefore(0));
    const series = daily.series[0]!;
    for (const [index, day] of daily.days.entries()) {
      expect(series.values[index]).toBe(
        await count(
          sql`select count(*) as n from users where (created_at at time zone 'UTC')::date = ${day}::date`,
        ),
      );
    }
    expect(series.values.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  });

  it('queue by status and sent/failed per day equal count(*)', async () => {
    const byStatus = await card('notification.queueByStatus');
    for (const item of byStatus.items)
      expect(item.value).toBe(
        await count(sql`select count(*) as n from email_queue where status = ${item.key}`),
      );
    const daily = await card('notification.sentFailed');
    for (const series of daily.series) {
      for (const [index, day] of daily.days.entries()) {
        expect(series.values[index]).toBe(
          await count(sql`select count(*) as n from email_queue where status = ${series.key}
            and (created_at at time zone 'UTC')::date = ${day}::date`),
        );
      }
    }
  });

  it('storage figures equal count(*) and the buckets’ own usage', async () => {
    const buckets = await card('storage.bytesByBucket');
    const used = await count(sql`select coalesce(sum(size), 0) as n from storage_files`);
    expect(buckets.items.reduce((sum, item) => sum + item.value, 0)).toBe(used);
    expect(buckets.unit).toBe('bytes');
    for (const [id, table] of [
      ['storage.filesPerDay', 'storage_files'],
      ['storage.errorsPerDay', 'storage_errors'],
    ] as const) {
      const daily = await card(id);
      for (const [index, day] of daily.days.entries()) {
        expect(daily.series[0]!.values[index]).toBe(
          await count(sql`select count(*) as n from ${sql.table(table)}
            where (created_at at time zone 'UTC')::date = ${day}::date`),
        );
      }
    }
    const open = await card('storage.openErrorGroups');
    expect(open.items[0]!.value).toBe(
      await count(sql`select count(*) as n from storage_error_groups where status = 'open'`),
    );
    expect(open.items[0]!.link).toBe('/storage/errors?filter[status]=open');
  });

  it('counts administrators signed in now', async () => {
    const online = await card('auth.adminsOnline');
    expect(online.items[0]!.value).toBe(1);
  });
});

import type { ReportIndex, ReportResult } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminWithGrants, createCountry, createUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

/** The report routes: validation, access control, Kyiv's midnights across a DST change, the audit log. */
describe.each(testDatabaseKinds())('reports on %s', (kind) => {
  let t: TestApp;
  let auth: Record<string, string>;
  const get = (url: string, headers = auth) => t.app.inject({ method: 'GET', url, headers });
  const report = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ReportResult>();
  };
  const section = (result: ReportResult, id: string) => result.sections.find((entry) => entry.id === id);

  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = await adminHeaders(t);
  });
  afterAll(() => t?.close());

  it('refuses bad input with 422 keyed by the parameter', async () => {
    const cases: [string, string][] = [
      ['group=day&tz=UTC', 'from'],
      ['preset=last-7-days&from=2026-01-01&to=2026-01-02', 'preset'],
      ['from=2026-02-30&to=2026-03-01', 'from'],
      ['from=2026-03-02&to=2026-03-01', 'to'],
      ['from=2022-01-01&to=2026-03-01', 'to'],
      // Past the last day a report may name: the day after it has no YYYY-MM-DD form.
      ['from=9999-12-31&to=9999-12-31', 'from'],
      // Known to Node's zone data, not to PostgreSQL's (dropped in PostgreSQL 13).
      ['preset=last-7-days&tz=US/Pacific-New', 'tz'],
      ['preset=yesterday', 'preset'],
      ['preset=last-7-days&group=year', 'group'],
      ['preset=last-7-days&tz=Mars/Olympus', 'tz'],
      ['preset=last-7-days&split=city', 'split'],
      ['preset=last-7-days&country=abc', 'country'],
      ['preset=last-7-days&color=red', 'color'],
    ];
    for (const [query, field] of cases) {
      const response = await get(`/auth/admin/reports/users?${query}`);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json<{ message: Record<string, string[]> }>().message), query).toContain(
        field,
      );
    }
    const admins = await get('/auth/admin/reports/administrators?preset=last-7-days&action=dance');
    expect(admins.statusCode).toBe(422);
  });

  it('lists and answers only the reports the administrator may list every record of', async () => {
    const index = await get('/auth/admin/reports');
    expect(index.json<ReportIndex>().reports.map((entry) => entry.id)).toEqual([
      'users',
      'administrators',
      'delivery',
      'storage',
      'errors',
      'chat',
    ]);

    const nobody = await adminWithGrants(t, []);
    expect((await get('/auth/admin/reports', nobody.headers)).json<ReportIndex>().reports).toEqual([]);
    expect((await get('/auth/admin/reports/users?preset=last-7-days', nobody.headers)).statusCode).toBe(403);

    const usersOnly = await adminWithGrants(t, [{ resource: 'auth.users', action: 'list', effect: 'allow' }]);
    expect((await get('/auth/admin/reports', usersOnly.headers)).json<ReportIndex>().reports).toEqual([
      { id: 'users', service: 'auth' },
    ]);
    expect((await get('/auth/admin/reports/users?preset=last-7-days', usersOnly.headers)).statusCode).toBe(
      200,
    );
    expect(
      (await get('/auth/admin/reports/administrators?preset=last-7-days', usersOnly.headers)).statusCode,
    ).toBe(403);

    // The Chat report counts who posted: listing channels is not enough, their messages must be too.
    const channelsOnly = await adminWithGrants(t, [
      { resource: 'chat.channels', action: 'list', effect: 'allow' },
    ]);
    expect((await get('/auth/admin/reports', channelsOnly.headers)).json<ReportIndex>().reports).toEqual([]);
    expect((await get('/auth/admin/reports/chat?preset=last-7-days', channelsOnly.headers)).statusCode).toBe(
      403,
    );
    const chatReader = await adminWithGrants(t, [
      { resource: 'chat.channels', action: 'list', effect: 'allow' },
      { resource: 'chat.messages', action: 'list', effect: 'allow' },
    ]);
    expect((await get('/auth/admin/reports/chat?preset=last-7-days', chatReader.headers)).statusCode).toBe(
      200,
    );

    // A grant limited by a condition would learn about the other users from the figures.
    const some = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'list', effect: 'allow', where: { status: { eq: 1 } } },
    ]);
    expect((await get('/auth/admin/reports', some.headers)).json<ReportIndex>().reports).toEqual([]);
    const refused = await get('/auth/admin/reports/users?preset=last-7-days', some.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toHaveProperty('error');
  });

  it('refuses a grant limited to some fields, and leaves the lists’ catalogue entries as the lists declare them', async () => {
    const someFields = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'list', effect: 'allow', fields: ['id', 'email'] },
    ]);
    expect((await get('/auth/admin/reports/users?preset=last-7-days', someFields.headers)).statusCode).toBe(
      403,
    );
    const catalogue = (await get('/auth/admin/permissions/catalogue')).json<{
      resources: { name: string; actions: { name: string; scoped: boolean; fields: string | null }[] }[];
    }>();
    for (const name of [
      'auth.users',
      'auth.audit',
      'notification.email-queue',
      'storage.files',
      'storage.error-groups',
      'chat.channels',
    ]) {
      const list = catalogue.resources
        .find((resource) => resource.name === name)
        ?.actions.find((action) => action.name === 'list');
      expect(list, name).toMatchObject({ fields: 'read' });
    }
    const usersList = catalogue.resources
      .find((resource) => resource.name === 'auth.users')
      ?.actions.find((action) => action.name === 'list');
    expect(usersList?.scoped).toBe(true);
  });

  it('cuts days at Kyiv midnights across the DST change of 2025-03-30', async () => {
    const country = await createCountry(t.db);
    // Kyiv is UTC+2 before 03:00 on 2025-03-30 and UTC+3 after it.
    const instants = [
      '2025-03-28T21:59:00Z', // 23:59 on the 28th
      '2025-03-28T22:00:00Z', // 00:00 on the 29th
      '2025-03-29T21:59:00Z', // 23:59 on the 29th
      '2025-03-29T22:00:00Z', // 00:00 on the 30th (still +2)
      '2025-03-30T20:59:00Z', // 23:59 on the 30th (+3)
      '2025-03-30T21:00:00Z', // 00:00 on the 31st (a Monday)
    ];
    for (const instant of instants)
      await createUser(t.db, { created_at: new Date(instant), country_id: country.id, language: 'en-US' });
    const filter = `country=${country.id}`;
    const kyiv = await report(
      `/auth/admin/reports/users?from=2025-03-28&to=2025-03-31&tz=Europe/Kyiv&${filter}`,
    );
    expect(kyiv.buckets).toEqual(['2025-03-28', '2025-03-29', '2025-03-30', '2025-03-31']);
    expect(section(kyiv, 'signups')?.series[0]?.values).toEqual([1, 2, 2, 1]);
    const utc = await report(`/auth/admin/reports/users?from=2025-03-28&to=2025-03-31&tz=UTC&${filter}`);
    expect(section(utc, 'signups')?.series[0]?.values).toEqual([2, 2, 2, 0]);
    const weeks = await report(
      `/auth/admin/reports/users?from=2025-03-28&to=2025-03-31&tz=Europe/Kyiv&group=week&split=language&${filter}`,
    );
    expect(weeks.buckets).toEqual(['2025-03-24', '2025-03-31']);
    expect(section(weeks, 'signups')?.series).toEqual([
      { key: 'en-US', label: null, values: [5, 1], total: 6 },
    ]);
  });

  it('counts status changes when they happen, and who is still active', async () => {
    const country = await createCountry(t.db);
    const users = await Promise.all(
      [1, 2, 3].map(() =>
        createUser(t.db, { country_id: country.id, status: 0, created_at: t.time.clock() }),
      ),
    );
    const ids = users.map(({ user }) => user.id);
    await sql`update users set status = 1 where id = any(${ids})`.execute(t.db);
    await sql`update users set status = 3 where id = ${ids[0]}`.execute(t.db);
    // Not a change: the same status again, and another column.
    await sql`update users set status = 1, about_me = 'x' where id = ${ids[1]}`.execute(t.db);
    const result = await report(
      `/auth/admin/reports/users?preset=last-7-days&country=${country.id}&tz=Europe/Kyiv`,
    );
    const totals = Object.fromEntries(
      (section(result, 'statusChanges')?.series ?? []).map((series) => [series.key, series.total]),
    );
    expect(totals).toMatchObject({ '0': 0, '1': 3, '3': 1, '10': 0 });
    const retention = section(result, 'retention')?.series ?? [];
    expect(retention.map((series) => [series.key, series.total])).toEqual([
      ['signedUp', 3],
      ['activeNow', 2],
    ]);
  });

  it('counts administrators’ actions as the audit log holds them', async () => {
    const result = await report('/auth/admin/reports/administrators?preset=last-7-days&tz=Europe/Kyiv');
    const { rows } = await sql<{ admin_id: string; n: string }>`
      select coalesce(admin_id, 0)::text as admin_id, count(*) as n from audit_log group by 1`.execute(t.db);
    const byAdmin = section(result, 'byAdministrator')?.series ?? [];
    expect(Object.fromEntries(byAdmin.map((series) => [series.key, series.total]))).toEqual(
      Object.fromEntries(rows.map((row) => [row.admin_id, Number(row.n)])),
    );
    expect(byAdmin.every((series) => series.key === '0' || series.label !== null)).toBe(true);
    // Who and which action come from one rollup, the resources from another, or, filtered, from a third.
    const totals = (column: string, where = sql``) =>
      sql<{ key: string; n: string }>`select coalesce(${sql.ref(column)}::text, '') as key, count(*) as n
        from audit_log where true ${where} group by 1`
        .execute(t.db)
        .then(({ rows }) => Object.fromEntries(rows.map((row) => [row.key, Number(row.n)])));
    const sectionTotals = (answer: typeof result, id: string) =>
      Object.fromEntries((section(answer, id)?.series ?? []).map((series) => [series.key, series.total]));
    expect(sectionTotals(result, 'byAction')).toEqual(await totals('action'));
    expect(sectionTotals(result, 'byResource')).toEqual(await totals('resource'));
    const signins = await report('/auth/admin/reports/administrators?preset=last-7-days&action=signin');
    expect(section(signins, 'byAction')?.series.map((series) => series.key)).toEqual(['signin']);
    expect(sectionTotals(signins, 'byResource')).toEqual(
      await totals('resource', sql`and action = 'signin'`),
    );
  });
});

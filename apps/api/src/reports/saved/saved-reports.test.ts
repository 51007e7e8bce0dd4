import type { GrantInput, ListResponse, SavedReport } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminWithGrants, createAdmin, createGroup, signIn } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

type Headers = Record<string, string>;
const PATH = '/auth/admin/saved-reports';

/** Saved reports: validation by each report's schema, per-owner names, visibility, sharing, access. */
describe.each(testDatabaseKinds())('saved reports on %s', (kind) => {
  let t: TestApp;
  let root: Headers;
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const names = async (headers: Headers) =>
    (await send('GET', `${PATH}?perPage=100`, headers))
      .json<ListResponse<SavedReport>>()
      .items.map((item) => item.name);
  const fieldsOf = (body: string) => Object.keys(JSON.parse(body).message as Record<string, string[]>);
  const weekly = {
    name: 'Weekly sign-ups',
    report: 'users',
    query: { preset: 'last-90-days', group: 'week' },
  };

  /** An administrator in `groups` and a group of their own granting `grants` (all on saved reports, and Users). */
  let members = 0;
  const member = async (groups: string[], grants: readonly GrantInput[] = FULL) => {
    members += 1;
    const own = await createGroup(t.db, `saved-${members}`, grants);
    const { admin, password } = await createAdmin(t.db, { groups: [own.name, ...groups] });
    const pair = await signIn(t, admin.email, password);
    return { id: Number(admin.id), headers: { authorization: `Bearer ${pair.access_token}`, Lang: 'en-US' } };
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = await adminHeaders(t);
    await createGroup(t.db, 'managers', []);
    await createGroup(t.db, 'readers', []);
  });
  afterAll(() => t?.close());

  it('saves a report’s parameters, checked by that report’s own schema (422 keyed by field)', async () => {
    const created = await send('POST', PATH, root, {
      ...weekly,
      query: { ...weekly.query, split: 'country' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<SavedReport>()).toMatchObject({
      name: 'Weekly sign-ups',
      report: 'users',
      query: { preset: 'last-90-days', group: 'week', split: 'country' },
      shared_with: [],
      mine: true,
    });
    const cases: [object, string[]][] = [
      [{ ...weekly, name: 'a', query: { preset: 'yesterday' } }, ['query.preset']],
      [
        { ...weekly, name: 'b', query: { preset: 'last-7-days', from: '2026-01-01', to: '2026-01-02' } },
        ['query.preset'],
      ],
      [{ ...weekly, name: 'c', query: { from: '2026-03-02', to: '2026-03-01' } }, ['query.to']],
      [{ ...weekly, name: 'd', query: { preset: 'last-7-days', color: 'red' } }, ['query.color']],
      // A filter of another report is not this one's.
      [{ ...weekly, name: 'e', query: { preset: 'last-7-days', action: 'create' } }, ['query.action']],
      [{ ...weekly, name: 'f', query: { preset: 'last-7-days', tz: 'Europe/Kyiv' } }, ['query.tz']],
      [{ ...weekly, name: 'g', report: 'weather' }, ['report']],
      [{ ...weekly, name: '' }, ['name']],
      [{ ...weekly, name: 'h', shared_with: ['no-such-group'] }, ['shared_with.0']],
      [{ ...weekly, name: 'i', shared_with: ['readers', 'readers'] }, ['shared_with']],
      // Looks like "Weekly" in a colleague's list, but is not.
      [{ ...weekly, name: 'Week\u202Ely' }, ['name']],
      [{ ...weekly, name: 'j', query: { preset: 'last-7-days', split: 'a\u0000b' } }, ['query.split']],
    ];
    for (const [body, fields] of cases) {
      const response = await send('POST', PATH, root, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(fieldsOf(response.body), JSON.stringify(body)).toEqual(fields);
    }
    const administrators = await send('POST', PATH, root, {
      name: 'Sign-ins',
      report: 'administrators',
      query: { preset: 'last-7-days', action: 'signin' },
    });
    expect(administrators.statusCode, administrators.body).toBe(201);
    // Every module's report may be saved, not only the auth service's own.
    for (const report of ['delivery', 'storage', 'errors', 'chat']) {
      const saved = await send('POST', PATH, root, {
        name: report,
        report,
        query: { preset: 'last-7-days' },
      });
      expect(saved.statusCode, saved.body).toBe(201);
    }
    // Stored as the report reads them: the same link whatever the spelling.
    const spelled = await send('POST', PATH, root, {
      ...weekly,
      name: 'Spelled',
      query: { preset: 'last-7-days', country: '007' },
    });
    expect(spelled.json<SavedReport>().query).toEqual({ preset: 'last-7-days', country: '7' });
  });

  it('keeps names unique per owner, case aside, even for two saves at once', async () => {
    const taken = await send('POST', PATH, root, { ...weekly, name: 'WEEKLY SIGN-UPS' });
    expect(taken.statusCode).toBe(422);
    expect(fieldsOf(taken.body)).toEqual(['name']);
    const results = await Promise.all(
      [0, 1, 2].map(() => send('POST', PATH, root, { ...weekly, name: 'Raced' })),
    );
    expect(results.map((result) => result.statusCode).sort()).toEqual([201, 422, 422]);
    // Another administrator may use the same name.
    const other = await member([]);
    expect((await send('POST', PATH, other.headers, weekly)).statusCode).toBe(201);
  });

  it('shows the owner their own and others those shared with their groups; only the owner changes one', async () => {
    const owner = await member(['managers']);
    const colleague = await member(['managers']);
    const stranger = await member([]);
    const saved = (
      await send('POST', PATH, owner.headers, { ...weekly, name: 'For managers', shared_with: ['managers'] })
    ).json<SavedReport>();
    const own = (
      await send('POST', PATH, owner.headers, { ...weekly, name: 'Mine only' })
    ).json<SavedReport>();

    expect(await names(owner.headers)).toEqual(['For managers', 'Mine only']);
    expect(await names(colleague.headers)).toEqual(['For managers']);
    expect(await names(stranger.headers)).toEqual([]);
    const shared = await send('GET', `${PATH}/${saved.id}`, colleague.headers);
    expect(shared.json<SavedReport>()).toMatchObject({ mine: false, owner_id: owner.id });
    expect((await send('GET', `${PATH}/${own.id}`, colleague.headers)).statusCode).toBe(404);
    expect((await send('GET', `${PATH}/${saved.id}`, stranger.headers)).statusCode).toBe(404);

    // A colleague reads it but does not change or delete it.
    // Their `update` grant reaches their own only (404: out of its scope); `delete` has no condition.
    expect(
      (await send('PUT', `${PATH}/${saved.id}`, colleague.headers, { ...weekly, name: 'Mine now' }))
        .statusCode,
    ).toBe(404);
    expect((await send('DELETE', `${PATH}/${saved.id}`, colleague.headers)).statusCode).toBe(403);
    expect((await send('DELETE', `${PATH}/${own.id}`, stranger.headers)).statusCode).toBe(404);

    const renamed = await send('PUT', `${PATH}/${saved.id}`, owner.headers, {
      ...weekly,
      name: 'For managers, monthly',
      query: { preset: 'last-quarter', group: 'month' },
      shared_with: ['managers'],
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<SavedReport>().query).toEqual({ preset: 'last-quarter', group: 'month' });

    // An owner's deleted account takes their shares along (nobody else could remove them).
    await t.db.updateTable('admins').set({ status: 10 }).where('id', '=', owner.id).execute();
    expect(await names(colleague.headers)).toEqual([]);
    await t.db.updateTable('admins').set({ status: 1 }).where('id', '=', owner.id).execute();
    expect(await names(colleague.headers)).toEqual(['For managers, monthly']);

    // Shared only with the writer's own groups (no groups lookup here), refused as if unknown.
    const foreign = await send('PUT', `${PATH}/${saved.id}`, owner.headers, {
      ...weekly,
      name: 'For managers',
      shared_with: ['managers', 'readers'],
    });
    expect(foreign.statusCode).toBe(422);
    expect(JSON.parse(foreign.body).message).toEqual({ 'shared_with.1': ['No such group'] });

    // A group renamed keeps its shares.
    const group = await t.db
      .selectFrom('admin_groups')
      .select('id')
      .where('name', '=', 'managers')
      .executeTakeFirstOrThrow();
    const rename = await send('PUT', `/auth/admin/groups/${group.id}`, root, { name: 'leads', grants: [] });
    expect(rename.statusCode, rename.body).toBe(200);
    expect((await send('GET', `${PATH}/${saved.id}`, owner.headers)).json<SavedReport>().shared_with).toEqual(
      ['leads'],
    );
    // Someone else's private report is not another administrator's to read, even a superadmin's.
    expect((await send('GET', `${PATH}/${own.id}`, root)).statusCode).toBe(404);
    expect((await send('DELETE', `${PATH}/${saved.id}`, owner.headers)).statusCode).toBe(200);
    expect(await names(owner.headers)).toEqual(['Mine only']);
  });

  it('changes a report’s sharing while its group is renamed, without a deadlock', async () => {
    const group = await createGroup(t.db, 'racing-0', []);
    const owner = await member(['racing-0']);
    const saved = (
      await send('POST', PATH, owner.headers, { ...weekly, name: 'Raced share', shared_with: ['racing-0'] })
    ).json<SavedReport>();
    const outcomes = new Set<number>();
    for (let round = 0; round < 8; round += 1) {
      // The share names the group as it is called now; the rename may commit first (422: no such group).
      const [share, rename] = await Promise.all([
        send('PUT', `${PATH}/${saved.id}`, owner.headers, {
          ...weekly,
          name: 'Raced share',
          shared_with: [`racing-${round}`],
        }),
        send('PUT', `/auth/admin/groups/${group.id}`, root, { name: `racing-${round + 1}`, grants: [] }),
      ]);
      expect(rename.statusCode, rename.body).toBe(200);
      expect([200, 422], share.body).toContain(share.statusCode);
      outcomes.add(share.statusCode);
    }
    expect(outcomes.has(200)).toBe(true);
  });

  it('is denied by default, and lists only saved reports of reports the reader may open', async () => {
    const nobody = await adminWithGrants(t, []);
    expect((await send('GET', PATH, nobody.headers)).statusCode).toBe(403);
    expect((await send('POST', PATH, nobody.headers, weekly)).statusCode).toBe(403);

    const owner = await member(['readers']);
    await send('POST', PATH, owner.headers, { ...weekly, name: 'Shared users', shared_with: ['readers'] });
    // May list saved reports, but not users: the Users report is not theirs to open.
    const reader = await member(
      ['readers'],
      (['list', 'read', 'create'] as const).map((action) => ({
        resource: 'auth.saved-reports',
        action,
        effect: 'allow' as const,
      })),
    );
    expect((await send('GET', PATH, reader.headers)).statusCode).toBe(200);
    expect(await names(reader.headers)).toEqual([]);
    const [shared] = (await send('GET', PATH, owner.headers)).json<ListResponse<SavedReport>>().items;
    expect((await send('GET', `${PATH}/${shared?.id}`, reader.headers)).statusCode).toBe(404);
    // Nor may they save one.
    const refused = await send('POST', PATH, reader.headers, { ...weekly, name: 'Not mine to open' });
    expect(refused.statusCode).toBe(403);
  });

  it('writes its changes to the audit log', async () => {
    const { rows } = await sql<{ action: string }>`select action from audit_log
      where resource = 'saved-reports' order by id`.execute(t.db);
    expect(rows.map((row) => row.action)).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
  });
});

/** What an ordinary administrator might hold: everything on saved reports, `update` on their own only. */
const FULL: readonly GrantInput[] = [
  ...(['list', 'read', 'create', 'delete'] as const).map((action) => ({
    resource: 'auth.saved-reports',
    action,
    effect: 'allow' as const,
  })),
  {
    resource: 'auth.saved-reports',
    action: 'update',
    effect: 'allow',
    where: { owner_id: { eq: '$actor.id' } },
  },
  { resource: 'auth.users', action: 'list', effect: 'allow' },
];

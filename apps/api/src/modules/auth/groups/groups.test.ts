import type { EffectivePermissions, Group, GroupWrite } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN_GROUPS } from '../../../seed/demo.js';
import { adminHeaders, adminWithGrants, createAdmin, createGroup, signIn } from '../../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { assertGrantsValid } from './grant-validation.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(testDatabaseKinds())('administrators’ groups (/auth/admin/groups) on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let counter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const call = (method: Method, url: string, payload?: object, extra: Record<string, string> = headers) =>
    t.app.inject({ method, url: `/auth/admin${url}`, headers: extra, ...(payload ? { payload } : {}) });
  const name = () => {
    counter += 1;
    return `team-${counter}`;
  };
  const groupsCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('admin_groups')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** An admin's full update body (the update replaces every writable field) with some changed. */
  const adminBody = async (id: number, changes: Record<string, unknown>) => {
    const row = await t.db
      .selectFrom('admins')
      .select(['email', 'first_name', 'last_name', 'language', 'status', 'groups'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...row, ...changes };
  };
  const auditOf = (resource: string, recordId: number) =>
    t.db
      .selectFrom('audit_log')
      .select(['action', 'changes'])
      .where('resource', '=', resource)
      .where('record_id', '=', String(recordId))
      .orderBy('id')
      .execute();

  it('has the built-in superadmin group, and a catalogue built from the routes', async () => {
    const list = (await call('GET', '/groups?filter[name]=superadmin')).json<{ items: Group[] }>();
    expect(list.items).toMatchObject([
      { name: 'superadmin', builtin: true, grants: [{ resource: '*', action: '*' }] },
    ]);
    const catalogue = (await call('GET', '/permissions/catalogue')).json<{
      resources: { name: string; actions: { name: string }[] }[];
    }>();
    const users = catalogue.resources.find((resource) => resource.name === 'auth.users');
    expect(users?.actions.map((action) => action.name).sort()).toEqual([
      'bulk.delete',
      'bulk.setStatus',
      'create',
      'delete',
      'export',
      'list',
      'read',
      'update',
    ]);
    expect(catalogue.resources.map((resource) => resource.name)).toEqual(
      expect.arrayContaining([
        'auth.groups',
        'auth.settings',
        'auth.audit',
        'storage.buckets',
        'notification.smtp-configs',
        'chat.messages',
        'storage.settings',
      ]),
    );
  });

  it('keeps the demo groups valid against the catalogue', () => {
    for (const group of DEMO_ADMIN_GROUPS) {
      expect(() => assertGrantsValid(group.grants, t.app.accessCatalogue)).not.toThrow();
    }
  });

  it('refuses grants the server does not enforce, keyed by the grant’s place, writing nothing', async () => {
    const before = await groupsCount();
    const cases: [GroupWrite['grants'], string][] = [
      [[{ resource: 'auth.nothing', action: 'list', effect: 'allow' }], 'grants.0.resource'],
      [[{ resource: 'auth.users', action: 'fly', effect: 'allow' }], 'grants.0.action'],
      [
        [{ resource: 'auth.users', action: 'list', effect: 'allow', fields: ['password_hash'] }],
        'grants.0.fields.0',
      ],
      [[{ resource: 'auth.users', action: 'update', effect: 'allow', fields: ['uid'] }], 'grants.0.fields.0'],
      [
        [
          {
            resource: 'auth.settings',
            action: 'settings.revoke-user-tokens',
            effect: 'allow',
            fields: ['key'],
          },
        ],
        'grants.0.fields',
      ],
      [
        [
          {
            resource: 'storage.files',
            action: 'files.download',
            effect: 'allow',
            where: { size: { gte: 1 } },
          },
        ],
        'grants.0.where',
      ],
      [
        [{ resource: 'auth.users', action: 'list', effect: 'allow', where: { about_me: { eq: 'x' } } }],
        'grants.0.where.about_me',
      ],
      [
        [{ resource: 'auth.users', action: 'list', effect: 'allow', where: { email: { gte: 'a' } } }],
        'grants.0.where.email.gte',
      ],
      [
        [{ resource: 'auth.users', action: 'list', effect: 'allow', where: { status: { in: ['x'] } } }],
        'grants.0.where.status.in',
      ],
      [[{ resource: '*', action: 'list', effect: 'allow', fields: ['id'] }], 'grants.0.fields'],
    ];
    for (const [grants, field] of cases) {
      const response = await call('POST', '/groups', { name: name(), grants });
      expect(response.statusCode, JSON.stringify(grants)).toBe(422);
      expect(Object.keys(response.json<{ message: Record<string, string[]> }>().message)).toContain(field);
    }
    const malformed = await call('POST', '/groups', {
      name: name(),
      grants: [{ resource: 'auth.users', action: 'list', where: { status: { like: '%' } } }],
    });
    expect(malformed.statusCode).toBe(422);
    const huge = await call('POST', '/groups', {
      name: name(),
      grants: Array.from({ length: 501 }, () => ({ resource: 'auth.users', action: 'list' })),
    });
    expect(huge.statusCode).toBe(422);
    expect(huge.json()).toEqual({ message: { grants: ['The value is too long'] } });
    const badName = await call('POST', '/groups', { name: 'Bad Name', grants: [] });
    expect(Object.keys(badName.json().message)).toEqual(['name']);
    const clash = await call('POST', '/groups', { name: 'superadmin', grants: [] });
    expect(clash.json()).toEqual({ message: { name: ['This name is already taken'] } });
    expect(await groupsCount()).toBe(before);
  });

  it('keeps superadmin whole: no rename, no reduction, no deletion', async () => {
    const superadmin = (await call('GET', '/groups?filter[name]=superadmin')).json<{ items: Group[] }>()
      .items[0];
    if (!superadmin) throw new Error('no superadmin group');
    const body = { name: 'superadmin', description: 'All of it', grants: superadmin.grants };
    for (const change of [
      { name: 'root' },
      { grants: [] },
      { grants: [{ resource: 'auth.*', action: '*' }] },
    ]) {
      const response = await call('PUT', `/groups/${superadmin.id}`, { ...body, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(422);
    }
    expect((await call('DELETE', `/groups/${superadmin.id}`)).statusCode).toBe(422);
    const described = await call('PUT', `/groups/${superadmin.id}`, body);
    expect(described.statusCode, described.body).toBe(200);
    expect(described.json()).toMatchObject({ name: 'superadmin', description: 'All of it' });
  });

  it('renames a group with its members, refuses to delete one with members, and audits each change', async () => {
    const group = await call('POST', '/groups', {
      name: name(),
      description: 'Reads users',
      grants: [{ resource: 'auth.users', action: 'list' }],
    });
    expect(group.statusCode, group.body).toBe(201);
    const created = group.json<Group>();
    const { admin } = await createAdmin(t.db, { groups: [created.name] });
    const renamed = await call('PUT', `/groups/${created.id}`, {
      name: `${created.name}-x`,
      grants: created.grants,
    });
    expect(renamed.json()).toMatchObject({ name: `${created.name}-x`, member_count: 1 });
    const member = await t.db
      .selectFrom('admins')
      .select('groups')
      .where('id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(member.groups).toEqual([`${created.name}-x`]);

    const refused = await call('DELETE', `/groups/${created.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'The group has members (1); remove them from it first' });
    await call('DELETE', `/groups/${created.id}/members/${admin.id}`);
    expect((await call('DELETE', `/groups/${created.id}`)).statusCode).toBe(200);

    const entries = await auditOf('groups', created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    expect(entries[1]?.changes).toContainEqual({
      field: 'name',
      before: created.name,
      after: `${created.name}-x`,
      secret: false,
    });
  });

  it('lets an administrator grant only what they hold', async () => {
    const manager = await adminWithGrants(t, [
      { resource: 'auth.groups', action: '*' },
      { resource: 'auth.admins', action: '*' },
      { resource: 'auth.users', action: 'list' },
      { resource: 'auth.users', action: 'read', fields: ['id', 'email'] },
    ]);
    const as = manager.headers;
    const held = await call(
      'POST',
      '/groups',
      { name: name(), grants: [{ resource: 'auth.users', action: 'list' }] },
      as,
    );
    expect(held.statusCode, held.body).toBe(201);
    const narrower = await call(
      'POST',
      '/groups',
      { name: name(), grants: [{ resource: 'auth.users', action: 'read', fields: ['email'] }] },
      as,
    );
    expect(narrower.statusCode, narrower.body).toBe(201);
    const before = await groupsCount();
    for (const grants of [
      [{ resource: 'auth.users', action: 'update' }],
      [{ resource: 'auth.users', action: 'read' }],
      [{ resource: 'auth.*', action: 'list' }],
      [{ resource: '*', action: '*' }],
    ]) {
      const response = await call('POST', '/groups', { name: name(), grants }, as);
      expect(response.statusCode, JSON.stringify(grants)).toBe(403);
      expect(response.json().error).toMatch(/only what you hold/);
    }
    expect(await groupsCount()).toBe(before);
    // A deny never gives anything: it may always be written.
    const deny = await call(
      'POST',
      '/groups',
      { name: name(), grants: [{ resource: '*', action: 'delete', effect: 'deny' }] },
      as,
    );
    expect(deny.statusCode, deny.body).toBe(201);

    const stranger = await createAdmin(t.db, { groups: [] });
    const superadminId = (await call('GET', '/groups?filter[name]=superadmin')).json<{ items: Group[] }>()
      .items[0]?.id;
    const promote = await call('PUT', `/groups/${superadminId}/members/${stranger.admin.id}`, undefined, as);
    expect(promote.statusCode).toBe(403);
    const viaAdmin = await call(
      'PUT',
      `/admins/${stranger.admin.id}`,
      await adminBody(stranger.admin.id, { groups: ['superadmin'] }),
      as,
    );
    expect(viaAdmin.statusCode).toBe(403);
    const ownGroups = await call(
      'PUT',
      `/admins/${manager.admin.id}`,
      await adminBody(manager.admin.id, { groups: [] }),
      as,
    );
    expect(ownGroups.statusCode).toBe(422);
    expect(ownGroups.json()).toEqual({ message: { groups: ['You cannot change your own groups'] } });
    const stillStranger = await t.db
      .selectFrom('admins')
      .select('groups')
      .where('id', '=', stranger.admin.id)
      .executeTakeFirstOrThrow();
    expect(stillStranger.groups).toEqual([]);
  });

  it('never leaves superadmin without an active member, even when two remove each other at once', async () => {
    const other = await createAdmin(t.db, { groups: ['superadmin'] });
    const otherHeaders = {
      authorization: `Bearer ${(await signIn(t, other.admin.email, other.password)).access_token}`,
      Lang: 'en-US',
    };
    const root = await t.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    const [otherBody, rootBody] = await Promise.all([
      adminBody(other.admin.id, { groups: [] }),
      adminBody(root.id, { groups: [] }),
    ]);
    const results = await Promise.all([
      call('PUT', `/admins/${other.admin.id}`, otherBody),
      call('PUT', `/admins/${root.id}`, rootBody, otherHeaders),
    ]);
    // One wins. The other is refused at the lock (422) or, when the winner committed before it was
    // even authorised, for no longer holding anything (403).
    const statuses = results.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 403 || status === 422)).toHaveLength(1);
    const refused = results.find((response) => response.statusCode === 422);
    if (refused) {
      expect(refused.json()).toEqual({
        message: 'This is the last active member of superadmin: someone else must hold it first',
      });
    }
    const supers = await t.db
      .selectFrom('admins')
      .select('id')
      .where((eb) => eb(eb.val('superadmin'), '=', eb.fn.any('groups')))
      .where('status', '=', 1)
      .execute();
    expect(supers).toHaveLength(1);
    // Restore the root for the other tests when the root was the one removed.
    if (supers[0]?.id !== root.id) {
      await t.db
        .updateTable('admins')
        .set({ groups: ['superadmin'] })
        .where('id', '=', root.id)
        .execute();
    }
  });

  it('refuses to lock, delete or demote the last active superadmin', async () => {
    const keeper = await adminWithGrants(t, [{ resource: 'auth.admins', action: '*' }]);
    await t.db
      .updateTable('admins')
      .set({ groups: [] })
      .where((eb) => eb(eb.val('superadmin'), '=', eb.fn.any('groups')))
      .where('email', '!=', TEST_ADMIN.email)
      .execute();
    const root = await t.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    for (const [method, changes] of [
      ['PUT', { status: 2 }],
      ['PUT', { groups: [] }],
      ['DELETE', undefined],
    ] as const) {
      const body = changes && (await adminBody(root.id, changes));
      const response = await call(method, `/admins/${root.id}`, body, keeper.headers);
      expect(response.statusCode, `${method} ${JSON.stringify(changes)} ${response.body}`).toBe(422);
    }
    const bulk = await call(
      'POST',
      '/admins/bulk',
      { action: 'setStatus', value: 2, ids: [root.id] },
      keeper.headers,
    );
    expect(bulk.statusCode).toBe(422);
    const rootNow = await t.db
      .selectFrom('admins')
      .select(['status', 'groups'])
      .where('id', '=', root.id)
      .executeTakeFirstOrThrow();
    expect(rootNow).toEqual({ status: 1, groups: ['superadmin'] });
  });

  it('applies a change of grants from the next request, with the same access token', async () => {
    const reader = await adminWithGrants(t, [{ resource: 'auth.users', action: 'list' }]);
    expect((await call('GET', '/users', undefined, reader.headers)).statusCode).toBe(200);
    const first = await call('GET', '/me/permissions', undefined, reader.headers);
    const etag = String(first.headers.etag);
    const unchanged = await call('GET', '/me/permissions', undefined, {
      ...reader.headers,
      'if-none-match': etag,
    });
    expect(unchanged.statusCode).toBe(304);

    const emptied = await call('PUT', `/groups/${reader.group.id}`, { name: reader.group.name, grants: [] });
    expect(emptied.statusCode, emptied.body).toBe(200);
    const refused = await call('GET', '/users', undefined, reader.headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'Access denied: you may not list “auth.users”' });
    const changed = await call('GET', '/me/permissions', undefined, {
      ...reader.headers,
      'if-none-match': etag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().grants).toEqual([]);

    // Out of the group altogether: the membership is read with the session on every request.
    await call('PUT', `/groups/${reader.group.id}`, {
      name: reader.group.name,
      grants: [{ resource: 'auth.users', action: 'list' }],
    });
    expect((await call('GET', '/users', undefined, reader.headers)).statusCode).toBe(200);
    await call('DELETE', `/groups/${reader.group.id}/members/${reader.admin.id}`);
    expect((await call('GET', '/users', undefined, reader.headers)).statusCode).toBe(403);
  });

  it('suggests group names to whoever may list groups or edit administrators, and to nobody else', async () => {
    const editor = await adminWithGrants(t, [{ resource: 'auth.admins', action: 'update' }]);
    const answer = await call('GET', '/groups/lookup', undefined, editor.headers);
    expect(answer.statusCode, answer.body).toBe(200);
    const labels = answer.json<{ items: { label: string }[] }>().items.map((item) => item.label);
    expect(labels).toContain('superadmin');
    expect(labels).toContain(editor.group.name);

    const outsider = await adminWithGrants(t, [{ resource: 'auth.users', action: 'list' }]);
    expect((await call('GET', '/groups/lookup', undefined, outsider.headers)).statusCode).toBe(403);
  });

  it('shows an administrator’s effective permissions and which group gives each', async () => {
    const support = await createGroup(t.db, name(), [
      { resource: 'auth.users', action: 'update', fields: ['status'] },
      { resource: 'auth.users', action: 'list' },
    ]);
    const blocker = await createGroup(t.db, name(), [
      { resource: 'auth.users', action: 'list', effect: 'deny', where: { status: { eq: 10 } } },
    ]);
    const { admin } = await createAdmin(t.db, { groups: [support.name, blocker.name] });
    const effective = (await call('GET', `/admins/${admin.id}/permissions`)).json<EffectivePermissions>();
    const entry = (action: string) =>
      effective.entries.find((e) => e.resource === 'auth.users' && e.action === action);
    expect(entry('update')).toMatchObject({ allowed: true, fields: ['status'], conditional: false });
    expect(entry('update')?.sources.map((source) => source.group)).toEqual([support.name]);
    expect(entry('list')).toMatchObject({ allowed: true, fields: null, conditional: true });
    expect(entry('list')?.sources.map((source) => source.group)).toEqual([support.name, blocker.name]);
    expect(entry('delete')).toMatchObject({ allowed: false, sources: [] });
  });

  it('writes refused requests to the audit log, a few a minute per administrator', async () => {
    const nobody = await adminWithGrants(t, []);
    for (let i = 0; i < 15; i += 1) {
      expect((await call('GET', '/users', undefined, nobody.headers)).statusCode).toBe(403);
    }
    const denied = await t.db
      .selectFrom('audit_log')
      .select(['resource', 'detail'])
      .where('admin_id', '=', nobody.admin.id)
      .where('action', '=', 'denied')
      .execute();
    expect(denied).toHaveLength(10);
    expect(denied[0]).toMatchObject({ resource: 'auth.users', detail: { action: 'list', method: 'GET' } });
  });
});

import type { AuditEntry, AuditEntryDetail, ListResponse } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, signIn } from '../../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { CHAT, chatUser, groupChannel } from '../../chat/test-support/chat-factories.js';

const BROWSER = 'Mozilla/5.0 (audit test)';

describe.each(testDatabaseKinds())('audit log on %s', (kind) => {
  let t: TestApp;
  let auth: { authorization: string; Lang: string };
  beforeAll(async () => {
    t = await createTestApp(kind);
    auth = { ...(await adminHeaders(t)), 'user-agent': BROWSER } as typeof auth;
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/auth/admin/audit?${query}`, headers: auth });
    expect(response.statusCode).toBe(200);
    return response.json<ListResponse<AuditEntry>>();
  };
  const detail = async (id: number) => {
    const response = await t.app.inject({ method: 'GET', url: `/auth/admin/audit/${id}`, headers: auth });
    expect(response.statusCode).toBe(200);
    return response.json<AuditEntryDetail>();
  };
  const latest = async (query: string) => {
    const page = await list(`${query}&perPage=5`);
    expect(page.items.length).toBeGreaterThan(0);
    return detail(page.items[0]!.id);
  };

  it('records create, update (before and after, secrets masked) and delete of a resource', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/users',
      headers: auth,
      payload: {
        email: 'audited@pult.test',
        first_name: 'Taras',
        last_name: 'Shevchenko',
        language: 'uk-UA',
        status: 1,
        password: 'secret-pass-1',
        password_repeat: 'secret-pass-1',
      },
    });
    expect(created.statusCode).toBe(201);
    const id = String(created.json<{ id: number }>().id);

    const onCreate = await latest(`filter[resource]=users&filter[record_id]=${id}&filter[action]=create`);
    expect(onCreate).toMatchObject({
      action: 'create',
      resource: 'users',
      record_id: id,
      admin_email: TEST_ADMIN.email,
      user_agent: BROWSER,
    });
    expect(onCreate.ip).toBeTruthy();
    expect(onCreate.changes).toContainEqual({
      field: 'email',
      before: null,
      after: 'audited@pult.test',
      secret: false,
    });
    expect(onCreate.changes).toContainEqual({ field: 'password', before: null, after: null, secret: true });
    expect(JSON.stringify(onCreate)).not.toContain('secret-pass-1');

    const updated = await t.app.inject({
      method: 'PUT',
      url: `/auth/admin/users/${id}`,
      headers: auth,
      payload: {
        email: 'audited@pult.test',
        first_name: 'Lesia',
        last_name: 'Shevchenko',
        language: 'uk-UA',
        status: 2,
      },
    });
    expect(updated.statusCode).toBe(200);
    const onUpdate = await latest(`filter[resource]=users&filter[record_id]=${id}&filter[action]=update`);
    // Only what changed, each with the value it replaced.
    expect(onUpdate.changes).toEqual(
      expect.arrayContaining([
        { field: 'first_name', before: 'Taras', after: 'Lesia', secret: false },
        { field: 'status', before: 1, after: 2, secret: false },
      ]),
    );
    expect(onUpdate.changes.map((change) => change.field)).not.toContain('last_name');

    const removed = await t.app.inject({ method: 'DELETE', url: `/auth/admin/users/${id}`, headers: auth });
    expect(removed.statusCode).toBe(200);
    const onDelete = await latest(`filter[resource]=users&filter[record_id]=${id}&filter[action]=delete`);
    expect(onDelete.changes).toContainEqual({
      field: 'first_name',
      before: 'Lesia',
      after: null,
      secret: false,
    });

    // A record's history is exact: record 1 is not record 1x.
    const history = await list(`filter[resource]=users&filter[record_id]=${id}`);
    expect(history.items.map((entry) => entry.action)).toEqual(['delete', 'update', 'create']);
  });

  it('records nothing for a refused change', async () => {
    const before = (await list('perPage=5')).total;
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/auth/admin/users/999999',
      headers: auth,
      payload: { email: 'x@pult.test', first_name: 'X', last_name: 'Y', language: 'uk-UA', status: 1 },
    });
    expect(bad.statusCode).toBe(404);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/countries',
      headers: auth,
      payload: {},
    });
    expect(invalid.statusCode).toBe(422);
    expect((await list('perPage=5')).total).toBe(before);
  });

  it('names the administrator as they are now, as the live changes do, in the list and the detail', async () => {
    const profile = await t.app.inject({ method: 'GET', url: '/auth/admin/profile', headers: auth });
    const me = profile.json<{ first_name: string; last_name: string }>();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: '/auth/admin/profile',
      headers: auth,
      payload: { first_name: 'Emily', last_name: 'Carter' },
    });
    expect(renamed.statusCode).toBe(200);
    const page = await list(`filter[action]=update&filter[resource]=admins&perPage=5`);
    expect(page.items[0]).toMatchObject({ admin_email: TEST_ADMIN.email, admin_name: 'Emily Carter' });
    expect((await detail(page.items[0]!.id)).admin_name).toBe('Emily Carter');
    const back = await t.app.inject({
      method: 'PUT',
      url: '/auth/admin/profile',
      headers: auth,
      payload: { first_name: me.first_name, last_name: me.last_name },
    });
    expect(back.statusCode).toBe(200);
  });

  it('records sign-in, failed sign-in and sign-out with the client', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: 'Nobody@Pult.test', password: 'wrong-password' },
      headers: { 'user-agent': 'curl/8' },
    });
    expect(failed.statusCode).toBe(422);
    const onFailure = await latest('filter[action]=signin_failed');
    expect(onFailure).toMatchObject({
      admin_id: null,
      admin_email: 'nobody@pult.test',
      admin_name: null,
      user_agent: 'curl/8',
    });
    expect(JSON.stringify(onFailure)).not.toContain('wrong-password');

    const pair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const onSignin = await latest('filter[action]=signin');
    expect(onSignin).toMatchObject({ admin_email: TEST_ADMIN.email, resource: null });
    expect(onSignin.admin_id).toEqual(expect.any(Number));

    const logout = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/logout',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(logout.statusCode).toBe(200);
    expect(await latest('filter[action]=signout')).toMatchObject({
      admin_id: onSignin.admin_id,
      admin_email: TEST_ADMIN.email,
    });
  });

  it('records settings actions, settings changes and profile updates', async () => {
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/settings/revoke-user-tokens',
      headers: auth,
    });
    expect(revoke.statusCode).toBe(200);
    expect(await latest('filter[action]=action&filter[resource]=settings')).toMatchObject({
      detail: { name: 'revoke-user-tokens', revoked: 0 },
    });
    const regenerate = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/settings/regenerate-api-keys',
      headers: auth,
    });
    expect(regenerate.statusCode).toBe(200);
    const onRegenerate = await latest('filter[action]=action&filter[resource]=settings');
    expect(onRegenerate.detail).toEqual({ name: 'regenerate-api-keys' });
    for (const key of regenerate.json<{ keys: { key: string }[] }>().keys)
      expect(JSON.stringify(onRegenerate)).not.toContain(key.key);

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/auth/admin/profile',
      headers: auth,
      payload: { first_name: 'Olena', last_name: 'Pchilka' },
    });
    expect(profile.statusCode).toBe(200);
    const onProfile = await latest('filter[action]=update&filter[resource]=admins');
    expect(onProfile.changes).toContainEqual({
      field: 'first_name',
      before: 'Admin',
      after: 'Olena',
      secret: false,
    });
    expect(onProfile.detail).toEqual({ name: 'profile' });
  });

  it('records a bulk action once per batch, with its rows and outcome', async () => {
    const ids: number[] = [];
    for (const n of [1, 2]) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/auth/admin/users',
        headers: auth,
        payload: {
          email: `bulk${n}@pult.test`,
          first_name: 'B',
          last_name: 'U',
          language: 'uk-UA',
          status: 1,
          password: 'secret-pass-1',
          password_repeat: 'secret-pass-1',
        },
      });
      ids.push(created.json<{ id: number }>().id);
    }
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/users/bulk',
      headers: auth,
      payload: { action: 'setStatus', value: 2, ids },
    });
    expect(bulk.statusCode).toBe(200);
    const entry = await latest('filter[action]=bulk&filter[resource]=users');
    expect(entry.detail).toMatchObject({ name: 'setStatus', value: 2, ids, updated: 2 });
  });

  it('records module actions through the auth service (notification, storage)', async () => {
    const retried = await t.app.inject({
      method: 'POST',
      url: '/notification/api/v1/admin/email-queue/retry-failed?filter[template_name]=welcome',
      headers: auth,
    });
    expect(retried.statusCode).toBe(200);
    expect(await latest('filter[action]=bulk&filter[resource]=email-queue')).toMatchObject({
      admin_email: TEST_ADMIN.email,
      detail: { name: 'retry-failed', query: { 'filter[template_name]': 'welcome' }, updated: 0 },
    });
    const pruned = await t.app.inject({
      method: 'POST',
      url: '/storage/api/v1/admin/errors/delete-range',
      headers: auth,
      payload: { to: '2001-01-31' },
    });
    expect(pruned.statusCode).toBe(200);
    expect(await latest('filter[action]=bulk&filter[resource]=storageErrors')).toMatchObject({
      detail: { name: 'delete-range', to: '2001-01-31', deleted: 0 },
    });

    const owner = await chatUser(t);
    const channel = await groupChannel(t, owner);
    const shown = await t.app.inject({
      method: 'GET',
      url: `${CHAT}/admin/channels/${channel.id}`,
      headers: auth,
    });
    const counts = shown.json<{ member_count: number; message_count: number }>();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${CHAT}/admin/channels/${channel.id}?confirm_messages=${counts.message_count}&confirm_members=${counts.member_count}`,
      headers: auth,
    });
    expect(deleted.statusCode).toBe(200);
    const onDelete = await latest(`filter[resource]=chatChannels&filter[record_id]=${channel.id}`);
    expect(onDelete.action).toBe('delete');
    expect(onDelete.changes).toContainEqual(
      expect.objectContaining({ field: 'name', after: null, secret: false }),
    );
  });

  it('filters by admin, action and date, and refuses bad filters with 422', async () => {
    const mine = await list(`filter[admin_email]=${encodeURIComponent('root@')}&perPage=100`);
    expect(mine.items.every((entry) => entry.admin_email === TEST_ADMIN.email)).toBe(true);
    const today = new Date(t.time.clock()).toISOString().slice(0, 10);
    expect((await list(`filter[created_at]=${today}`)).total).toBe((await list('')).total);
    expect((await list('filter[created_at]=2000-01-01')).total).toBe(0);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/audit?filter[action]=hack',
      headers: auth,
    });
    expect(bad.statusCode).toBe(422);
    const anonymous = await t.app.inject({ method: 'GET', url: '/auth/admin/audit' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('cannot be altered through the API or by SQL', async () => {
    const first = (await list('sort=id&perPage=5')).items[0]!;
    for (const method of ['PUT', 'PATCH', 'DELETE', 'POST'] as const) {
      const response = await t.app.inject({
        method,
        url: `/auth/admin/audit/${first.id}`,
        headers: auth,
        payload: { action: 'delete' },
      });
      expect(response.statusCode).toBe(404);
    }
    const create = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/audit',
      headers: auth,
      payload: { action: 'signin' },
    });
    expect(create.statusCode).toBe(404);
    await expect(
      sql`update audit_log set action = 'signin' where id = ${first.id}`.execute(t.db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log where id = ${first.id}`.execute(t.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`truncate audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    expect(await detail(first.id)).toMatchObject({ action: first.action, created_at: first.created_at });
  });
});

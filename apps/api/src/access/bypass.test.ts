import type { User } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminWithGrants, createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Attempts to get around field grants and record conditions, each of which must fail. */
describe.each(testDatabaseKinds())('access control holds against bypass attempts on %s', (kind) => {
  let t: TestApp;
  let root: Record<string, string>;
  const ids: Record<number, number[]> = {};

  beforeAll(async () => {
    t = await createTestApp(kind);
    root = await adminHeaders(t);
    // Three users in each status 0–3, tagged so these tests see only their own.
    for (const status of [0, 1, 2, 3]) {
      ids[status] = [];
      for (let i = 0; i < 3; i += 1) {
        const { user } = await createUser(t.db, {
          email: `s${status}-${i}@bypass.test`,
          status,
          phone: `+380${status}${i}`,
          first_name: 'Bypass',
        });
        ids[status]?.push(user.id);
      }
    }
  });
  afterAll(() => t?.close());

  const call = (method: Method, url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: `/auth/admin${url}`, headers, ...(payload ? { payload } : {}) });
  const statusOf = async (id: number) =>
    (await t.db.selectFrom('users').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const userBody = async (id: number, changes: Record<string, unknown>) => {
    const row = await t.db
      .selectFrom('users')
      .select(['email', 'first_name', 'last_name', 'language', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return { ...row, ...changes };
  };
  const first = (status: number) => ids[status]?.[0] ?? 0;

  it('shows only granted fields, and refuses filters and sorts on the others', async () => {
    const { headers } = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'list', fields: ['id', 'email', 'status', 'country_id'] },
      { resource: 'auth.users', action: 'read', fields: ['id', 'email'] },
      { resource: 'auth.users', action: 'export', fields: ['email', 'status'] },
    ]);
    const list = await call('GET', '/users?filter[first_name]=', headers);
    expect(list.statusCode, list.body).toBe(403);
    const page = await call('GET', '/users?filter[email]=bypass.test&sort=email&perPage=5', headers);
    expect(page.statusCode, page.body).toBe(200);
    for (const item of page.json<{ items: Record<string, unknown>[] }>().items) {
      expect(Object.keys(item).sort()).toEqual([
        'country_id',
        'country_name',
        'email',
        'id',
        'status',
        'version',
      ]);
    }
    for (const url of [
      '/users?filter[phone]=%2B380',
      '/users?sort=-phone',
      '/users?sort=email,first_name',
      '/users/export.csv?filter[phone]=1',
    ]) {
      const response = await call('GET', url, headers);
      expect(response.statusCode, url).toBe(403);
      expect(response.json<{ error: string }>().error).toMatch(/phone|first_name/);
    }
    const one = await call('GET', `/users/${first(1)}`, headers);
    expect(Object.keys(one.json()).sort()).toEqual(['email', 'id']);
    const csv = await call('GET', '/users/export.csv?filter[email]=bypass.test&sort=email', headers);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, firstRow] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('E-mail,Status');
    expect(firstRow).toMatch(/^s0-0@bypass\.test,/);
    expect(csv.body).not.toMatch(/\+380/);
  });

  it('refuses to write a field the grant does not name, and changes nothing', async () => {
    const { headers } = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'update', fields: ['status'] },
    ]);
    const id = first(2);
    const sneaky = await call(
      'PUT',
      `/users/${id}`,
      headers,
      await userBody(id, { status: 1, email: 'taken-over@bypass.test' }),
    );
    expect(sneaky.statusCode).toBe(403);
    expect(sneaky.json()).toEqual({ error: 'Access denied: you may not use the field “email” here' });
    expect(await statusOf(id)).toBe(2);
    // The form sends every field; those left as they are are not written.
    const allowed = await call('PUT', `/users/${id}`, headers, await userBody(id, { status: 1 }));
    expect(allowed.statusCode, allowed.body).toBe(200);
    // An administrator who may not read the record learns no more from the answer than its id.
    expect(allowed.json()).toEqual({ id });
    expect(await statusOf(id)).toBe(1);
    await t.db.updateTable('users').set({ status: 2 }).where('id', '=', id).execute();
  });

  it('keeps records out of scope invisible, and no update may move one out of scope', async () => {
    const { headers } = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'list', where: { status: { in: [0, 1, 2] } } },
      { resource: 'auth.users', action: 'read', where: { status: { in: [0, 1, 2] } } },
      { resource: 'auth.users', action: 'update', where: { status: { in: [0, 1] } } },
      { resource: 'auth.users', action: 'delete', where: { status: { eq: 0 } } },
      { resource: 'auth.users', action: 'export', where: { status: { ne: 3 } } },
    ]);
    const list = (await call('GET', '/users?filter[email]=bypass.test&perPage=100', headers)).json<{
      items: User[];
      total: number;
    }>();
    expect(list.total).toBe(9);
    expect(new Set(list.items.map((item) => item.status))).toEqual(new Set([0, 1, 2]));
    const filtered = (await call('GET', '/users?filter[email]=bypass.test&filter[status]=3', headers)).json();
    expect(filtered).toMatchObject({ items: [], total: 0 });

    expect((await call('GET', `/users/${first(3)}`, headers)).statusCode).toBe(404);
    const outside = await call(
      'PUT',
      `/users/${first(2)}`,
      headers,
      await userBody(first(2), { first_name: 'X' }),
    );
    expect(outside.statusCode).toBe(404);
    const away = await call('PUT', `/users/${first(1)}`, headers, await userBody(first(1), { status: 3 }));
    expect(away.statusCode).toBe(403);
    expect(away.json()).toEqual({ error: 'Access denied: the record would leave what you may change' });
    expect(await statusOf(first(1))).toBe(1);
    const within = await call('PUT', `/users/${first(1)}`, headers, await userBody(first(1), { status: 0 }));
    expect(within.statusCode, within.body).toBe(200);
    await t.db.updateTable('users').set({ status: 1 }).where('id', '=', first(1)).execute();

    expect((await call('DELETE', `/users/${first(1)}`, headers)).statusCode).toBe(404);
    expect(await statusOf(first(1))).toBe(1);
    const csv = await call('GET', '/users/export.csv?filter[email]=bypass.test', headers);
    expect(csv.body.match(/@bypass\.test/g)).toHaveLength(9);
    expect(csv.body).not.toMatch(/s3-\d@bypass/);
  });

  it('applies bulk actions only to records in scope, by ids and by filter', async () => {
    const { headers } = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'list' },
      { resource: 'auth.users', action: 'bulk.setStatus', where: { status: { in: [1, 2] } } },
    ]);
    const picked = [first(0), first(1), first(2), first(3)];
    const byIds = await call('POST', '/users/bulk', headers, { action: 'setStatus', value: 2, ids: picked });
    expect(byIds.statusCode, byIds.body).toBe(200);
    expect(byIds.json()).toMatchObject({ updated: 2, skipped: [{ reason: 'bulkGone', count: 2 }] });
    expect(await Promise.all(picked.map(statusOf))).toEqual([0, 2, 2, 3]);

    const away = await call('POST', '/users/bulk', headers, {
      action: 'setStatus',
      value: 3,
      ids: [ids[2]?.[1] ?? 0],
    });
    expect(away.statusCode).toBe(403);
    expect(await statusOf(ids[2]?.[1] ?? 0)).toBe(2);

    const all = await call('POST', '/users/bulk', headers, {
      action: 'setStatus',
      value: 1,
      filter: { email: 'bypass.test' },
    });
    expect(all.statusCode, all.body).toBe(200);
    const statuses = await t.db
      .selectFrom('users')
      .select('status')
      .where('email', 'like', '%@bypass.test')
      .execute();
    const count = (status: number) => statuses.filter((row) => row.status === status).length;
    expect([count(0), count(1), count(2), count(3)]).toEqual([3, 6, 0, 3]);

    const hidden = await call('POST', '/users/bulk', headers, { action: 'delete', ids: picked });
    expect(hidden.statusCode).toBe(403);
    const { headers: narrow } = await adminWithGrants(t, [
      { resource: 'auth.users', action: 'list', fields: ['id', 'email'] },
      { resource: 'auth.users', action: 'bulk.setStatus' },
    ]);
    const leak = await call('POST', '/users/bulk', narrow, {
      action: 'setStatus',
      value: 1,
      filter: { phone: '+3800' },
    });
    expect(leak.statusCode).toBe(403);
    // Restore the statuses for the other tests.
    for (const [status, list] of Object.entries(ids)) {
      await t.db
        .updateTable('users')
        .set({ status: Number(status) })
        .where('id', 'in', list)
        .execute();
    }
  });

  it('compares with the acting administrator: own record only', async () => {
    const { headers, admin } = await adminWithGrants(t, [
      { resource: 'auth.admins', action: 'read', where: { id: { eq: '$actor.id' } } },
      {
        resource: 'auth.admins',
        action: 'update',
        fields: ['phone', 'first_name'],
        where: { id: { eq: '$actor.id' } },
      },
    ]);
    expect((await call('GET', `/admins/${admin.id}`, headers)).statusCode).toBe(200);
    const rootRow = await t.db
      .selectFrom('admins')
      .select('id')
      .where('id', '!=', admin.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await call('GET', `/admins/${rootRow.id}`, headers)).statusCode).toBe(404);
    const adminBody = async (id: number, changes: Record<string, unknown>) => ({
      ...(await t.db
        .selectFrom('admins')
        .select(['email', 'first_name', 'last_name', 'language', 'status', 'groups'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()),
      ...changes,
    });
    const other = await call(
      'PUT',
      `/admins/${rootRow.id}`,
      headers,
      await adminBody(rootRow.id, { phone: '+1' }),
    );
    expect(other.statusCode).toBe(404);
    const own = await call(
      'PUT',
      `/admins/${admin.id}`,
      headers,
      await adminBody(admin.id, { phone: '+380 44 000' }),
    );
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: admin.id, phone: '+380 44 000' });
    const email = await call(
      'PUT',
      `/admins/${admin.id}`,
      headers,
      await adminBody(admin.id, { email: 'me@x.test' }),
    );
    expect(email.statusCode).toBe(403);
  });

  it('has no grant for a superadmin to lose: everything stays as it was for them', async () => {
    const all = await call('GET', '/users?filter[email]=bypass.test&perPage=100', root);
    expect(all.json<{ total: number }>().total).toBe(12);
  });
});

import { BULK_BATCH_SIZE, type BulkResult, STATUS } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createAdmin, createUser, signIn, signInUser } from '../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('bulk actions on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let rootId: number;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
    const root = await t.db
      .selectFrom('admins')
      .select('id')
      .where('email', '=', TEST_ADMIN.email)
      .executeTakeFirstOrThrow();
    rootId = root.id;
  });
  afterAll(() => t?.close());

  const bulk = (list: string, payload: object, extra: Record<string, string> = headers) =>
    t.app.inject({ method: 'POST', url: `/auth/admin/${list}/bulk`, headers: extra, payload });

  const statusOf = async (table: 'users' | 'admins', id: number) =>
    (await t.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('changes the status of the picked users and ends the sign-ins of those no longer active', async () => {
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const pair = await signInUser(t, a.user.email, a.password);
    const response = await bulk('users', {
      action: 'setStatus',
      value: STATUS.locked,
      ids: [a.user.id, b.user.id, 999_999],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkResult>()).toEqual({
      updated: 2,
      skipped: [{ reason: 'bulkGone', text: 'no longer exists', count: 1 }],
      next: null,
    });
    expect(await statusOf('users', a.user.id)).toBe(STATUS.locked);
    expect(await statusOf('users', b.user.id)).toBe(STATUS.locked);
    const renew = await t.app.inject({
      method: 'POST',
      url: '/auth/user/refresh-token',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(renew.statusCode).toBe(401);
  });

  it('skips the administrator’s own account, with the reason, and deletes the others (status 10)', async () => {
    const other = await createAdmin(t.db);
    const otherSession = await signIn(t, other.admin.email, other.password);
    const response = await bulk(
      'admins',
      { action: 'delete', ids: [rootId, other.admin.id] },
      { ...headers, Lang: 'uk-UA' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json<BulkResult>()).toEqual({
      updated: 1,
      skipped: [{ reason: 'bulkOwnAccount', text: 'власний обліковий запис', count: 1 }],
      next: null,
    });
    expect(await statusOf('admins', rootId)).toBe(STATUS.active);
    expect(await statusOf('admins', other.admin.id)).toBe(STATUS.deleted);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/profile-basic',
      headers: { authorization: `Bearer ${otherSession.access_token}` },
    });
    expect(profile.statusCode).toBe(401);

    // Setting one's own account active again is no lock-out, so it is not skipped.
    const activate = await bulk('admins', { action: 'setStatus', value: STATUS.active, ids: [rootId] });
    expect(activate.json<BulkResult>()).toEqual({ updated: 1, skipped: [], next: null });
  });

  it('walks every row matching the filter in batches, one transaction each, until next is null', async () => {
    const total = BULK_BATCH_SIZE * 2 + 37;
    await sql`insert into users (email, first_name, last_name, status, language, password_hash)
      select 'walker' || n || '@bulk.test', 'Walker', 'N' || n, 1, 'uk-UA', 'x'
      from generate_series(1, ${total}) as n`.execute(t.db);
    await createUser(t.db, { email: 'bystander@bulk.test' });

    let after: number | string | undefined;
    let updated = 0;
    let requests = 0;
    do {
      const response = await bulk('users', {
        action: 'setStatus',
        value: STATUS.banned,
        filter: { 'filter[email]': 'walker' },
        ...(after === undefined ? {} : { after }),
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<BulkResult>();
      expect(body.updated).toBeLessThanOrEqual(BULK_BATCH_SIZE);
      updated += body.updated;
      requests += 1;
      after = body.next ?? undefined;
    } while (after !== undefined);
    expect(updated).toBe(total);
    expect(requests).toBe(3);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from users
      where email like 'walker%' and status = ${STATUS.banned}`.execute(t.db);
    expect(rows[0]?.n).toBe(total);
    expect(
      (
        await t.db
          .selectFrom('users')
          .select('status')
          .where('email', '=', 'bystander@bulk.test')
          .executeTakeFirstOrThrow()
      ).status,
    ).toBe(STATUS.active);
  });

  it('refuses unknown actions, values outside the options, and a selection that is not exactly one kind', async () => {
    const cases: [object, Record<string, string[]>][] = [
      [{ action: 'explode', ids: [1] }, { action: ['This list has no such action'] }],
      [{ action: 'setStatus', value: 99, ids: [1] }, { value: ['Choose one of the options'] }],
      [{ action: 'setStatus', value: STATUS.deleted, ids: [1] }, { value: ['Choose one of the options'] }],
      [{ action: 'delete', value: 1, ids: [1] }, { value: ['Invalid value'] }],
      [
        { action: 'delete', ids: [1], filter: {} },
        { ids: ['Send either the ids of the rows or the filter that selects them'] },
      ],
      [
        { action: 'delete', filter: { 'filter[nope]': 'x' } },
        { 'filter[nope]': ['This column cannot be filtered'] },
      ],
      [{ action: 'delete', ids: Array(BULK_BATCH_SIZE + 1).fill(1) }, { ids: ['The value is too long'] }],
    ];
    for (const [payload, message] of cases) {
      const response = await bulk('users', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ message });
    }
    expect((await bulk('users', { action: 'delete', ids: [1] }, {})).statusCode).toBe(401);
  });
});

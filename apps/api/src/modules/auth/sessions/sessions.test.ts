import type { AdminSessions } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminProfileBasic,
  adminWithGrants,
  createAdmin,
  renewAdmin,
  signIn,
} from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

describe.each(testDatabaseKinds())('an administrator’s own sessions on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  /** An administrator signed in twice: this browser and another one. */
  async function twoSignIns() {
    const { admin, password } = await createAdmin(t.db, { groups: [] });
    const other = await signIn(t, admin.email, password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      headers: { 'user-agent': CHROME_ON_WINDOWS },
      payload: { email: admin.email, password },
    });
    const current = response.json<{ access_token: string; refresh_token: string }>();
    const as = (token: string) => ({ authorization: `Bearer ${token}` });
    return { admin, password, other, current, as };
  }

  const list = async (token: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/auth/admin/sessions',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<AdminSessions>();

  it('lists the open sign-ins, naming this one, its browser and system', async () => {
    const { current } = await twoSignIns();
    const { items } = await list(current.access_token);
    expect(items).toHaveLength(2);
    const mine = items.find((item) => item.current);
    expect(mine).toMatchObject({ browser: 'Chrome 131', os: 'Windows', second_factor: null });
    expect(items.filter((item) => item.current)).toHaveLength(1);
    expect(Date.parse(mine?.last_seen_at ?? '')).not.toBeNaN();
  });

  it('ends another sign-in: its access token fails at once and its refresh token cannot renew', async () => {
    const { current, other, as } = await twoSignIns();
    expect((await adminProfileBasic(t, other.access_token)).statusCode).toBe(200);
    const { items } = await list(current.access_token);
    const target = items.find((item) => !item.current);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/auth/admin/sessions/${target?.id}`,
      headers: as(current.access_token),
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await adminProfileBasic(t, other.access_token)).statusCode).toBe(401);
    expect((await renewAdmin(t, other.refresh_token)).statusCode).toBe(401);
    expect((await adminProfileBasic(t, current.access_token)).statusCode).toBe(200);
    expect((await list(current.access_token)).items).toHaveLength(1);
  });

  it('reads another administrator’s sign-in, an ended one and a malformed id as missing', async () => {
    const first = await twoSignIns();
    const second = await twoSignIns();
    const theirs = (await list(second.current.access_token)).items[0]?.id;
    for (const id of [theirs, '00000000-0000-0000-0000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/auth/admin/sessions/${encodeURIComponent(String(id))}`,
        headers: first.as(first.current.access_token),
      });
      expect(response.statusCode, String(id)).toBe(404);
    }
    expect((await adminProfileBasic(t, second.current.access_token)).statusCode).toBe(200);
  });

  it('signs out everywhere else, once even when two tabs ask at the same time', async () => {
    const { current, other, as } = await twoSignIns();
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/admin/sessions/end-others',
        headers: as(current.access_token),
      });
    const answers = await Promise.all([ask(), ask()]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.map((answer) => answer.json<{ ended: number }>().ended).sort()).toEqual([0, 1]);
    expect((await adminProfileBasic(t, other.access_token)).statusCode).toBe(401);
    expect((await adminProfileBasic(t, current.access_token)).statusCode).toBe(200);
  });

  it('answers 401 without a valid token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/auth/admin/sessions' })).statusCode).toBe(401);
  });

  it('lists and ends another administrator’s sign-ins with the grant for it, audited', async () => {
    const { admin, other, current } = await twoSignIns();
    const granted = await adminWithGrants(t, [{ resource: 'auth.admins', action: 'admins.sessions' }]);
    const listed = await t.app.inject({
      method: 'GET',
      url: `/auth/admin/admins/${admin.id}/sessions`,
      headers: granted.headers,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const { items } = listed.json<AdminSessions>();
    expect(items).toHaveLength(2);
    expect(items.every((item) => !item.current)).toBe(true);
    const windows = items.find((item) => item.os === 'Windows');
    const ended = await t.app.inject({
      method: 'DELETE',
      url: `/auth/admin/admins/${admin.id}/sessions/${windows?.id}`,
      headers: granted.headers,
    });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await adminProfileBasic(t, current.access_token)).statusCode).toBe(401);
    expect((await adminProfileBasic(t, other.access_token)).statusCode).toBe(200);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['admin_id', 'detail'])
      .where('record_id', '=', String(admin.id))
      .where('action', '=', 'action')
      .execute();
    expect(audit).toContainEqual({
      admin_id: granted.admin.id,
      detail: { name: 'end-session', session: windows?.id },
    });
    // Another admin's session id under this admin, an unknown admin: missing.
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/auth/admin/admins/${granted.admin.id}/sessions/${windows?.id}`,
      headers: granted.headers,
    });
    expect(again.statusCode).toBe(404);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/admins/987654/sessions',
      headers: granted.headers,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses another administrator’s sign-ins without the grant', async () => {
    const { admin } = await twoSignIns();
    const editor = await adminWithGrants(t, [{ resource: 'auth.admins', action: 'update' }]);
    for (const [method, url] of [
      ['GET', `/auth/admin/admins/${admin.id}/sessions`],
      ['DELETE', `/auth/admin/admins/${admin.id}/sessions/00000000-0000-4000-8000-000000000000`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: editor.headers })).statusCode, url).toBe(403);
    }
  });
});

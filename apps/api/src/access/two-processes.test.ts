import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PultApp } from '../app.js';
import { adminHeaders, adminWithGrants, createAdmin, signIn } from '../test/factories.js';
import { startSecondProcess } from '../test/second-process.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.js';

/**
 * Two server processes on one PostgreSQL database (each with its own connections and its own cache
 * of compiled permissions): a change made through one applies to the very next request on the other.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('access changes across two server processes', () => {
  let t: TestApp;
  let other: PultApp;
  let closeOther: () => Promise<void>;

  beforeAll(async () => {
    t = await createTestApp('postgres');
    ({ other, close: closeOther } = await startSecondProcess(t));
  }, 60_000);
  afterAll(async () => {
    await closeOther?.();
    await t?.close();
  });

  it('refuses on the second process the request after a grant is taken away on the first', async () => {
    const reader = await adminWithGrants(t, [{ resource: 'auth.users', action: 'list' }]);
    const onOther = () =>
      other.app.inject({ method: 'GET', url: '/auth/admin/users', headers: reader.headers });
    // The second process compiles and keeps the reader's permissions.
    expect((await onOther()).statusCode).toBe(200);
    expect((await onOther()).statusCode).toBe(200);

    const root = await adminHeaders(t);
    const emptied = await t.app.inject({
      method: 'PUT',
      url: `/auth/admin/groups/${reader.group.id}`,
      headers: root,
      payload: { name: reader.group.name, grants: [{ resource: 'auth.users', action: 'read' }] },
    });
    expect(emptied.statusCode, emptied.body).toBe(200);
    expect((await onOther()).statusCode).toBe(403);

    const back = await t.app.inject({
      method: 'PUT',
      url: `/auth/admin/groups/${reader.group.id}/members/${reader.admin.id}`,
      headers: root,
    });
    expect(back.statusCode).toBe(200);
    const restored = await t.app.inject({
      method: 'PUT',
      url: `/auth/admin/groups/${reader.group.id}`,
      headers: root,
      payload: { name: reader.group.name, grants: [{ resource: 'auth.users', action: 'list' }] },
    });
    expect(restored.statusCode).toBe(200);
    expect((await onOther()).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/auth/admin/groups/${reader.group.id}/members/${reader.admin.id}`,
      headers: root,
    });
    expect(removed.statusCode).toBe(200);
    expect((await onOther()).statusCode).toBe(403);
  });

  it('refuses on the second process a sign-in ended on the first, at once', async () => {
    const { admin, password } = await createAdmin(t.db);
    const pair = await signIn(t, admin.email, password);
    const headers = { authorization: `Bearer ${pair.access_token}` };
    const onOther = () => other.app.inject({ method: 'GET', url: '/auth/admin/profile-basic', headers });
    expect((await onOther()).statusCode).toBe(200);

    const second = await signIn(t, admin.email, password);
    const ended = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/sessions/end-others',
      headers: { authorization: `Bearer ${second.access_token}` },
    });
    expect(ended.json()).toEqual({ ended: 1 });
    expect((await onOther()).statusCode).toBe(401);
    const renewed = await other.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: pair.refresh_token },
    });
    expect(renewed.statusCode).toBe(401);
  });

  it('applies a group’s new factor requirement, and a step-up, across processes', async () => {
    const member = await adminWithGrants(t, [{ resource: 'auth.users', action: 'list' }]);
    const onOther = () =>
      other.app.inject({ method: 'GET', url: '/auth/admin/users', headers: member.headers });
    expect((await onOther()).statusCode).toBe(200);
    await t.db
      .updateTable('admin_groups')
      .set({ mfa_required: true })
      .where('id', '=', member.group.id)
      .execute();
    expect((await onOther()).json()).toMatchObject({ code: 'mfa_enrollment_required' });

    const root = await adminHeaders(t);
    t.time.advance(301);
    const stale = await other.app.inject({
      method: 'POST',
      url: '/auth/admin/settings/revoke-user-tokens',
      headers: root,
    });
    expect(stale.json()).toMatchObject({ code: 'step_up_required' });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/step-up',
      headers: root,
      payload: { password: TEST_ADMIN.password },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const fresh = await other.app.inject({
      method: 'POST',
      url: '/auth/admin/settings/revoke-user-tokens',
      headers: root,
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
  });
});

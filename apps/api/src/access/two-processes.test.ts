import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PultApp } from '../app.js';
import { openDatabase } from '../db/database.js';
import { adminHeaders, adminWithGrants } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

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
    const database = await openDatabase({ databaseUrl: t.databaseUrl });
    other = await buildApp({ config: t.config, db: database.db, clock: t.time.clock, logger: false });
    await other.app.ready();
    closeOther = async () => {
      await other.app.close();
      await database.close();
    };
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
});

import type { CatalogueResource } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithGrants } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';
import type { RouteAccess } from './route-access.js';

const LOOKUP_USES = new Set(['list', 'read', 'create', 'update']);

/** Whether a route declared so admits an administrator holding exactly one grant of (resource, action). */
function admits(declared: RouteAccess, resource: string, action: string): boolean {
  switch (declared.kind) {
    case 'signed-in':
      return true;
    case 'lookup':
      return (
        (declared.resource === resource && action === 'list') ||
        (declared.usedBy.includes(resource) &&
          (declared.uses ? declared.uses.includes(action) : LOOKUP_USES.has(action)))
      );
    case 'permission':
      return (
        declared.resource === resource &&
        (declared.action === action || (declared.action === 'bulk' && action.startsWith('bulk.')))
      );
    default:
      return true;
  }
}

/** A concrete URL for a route pattern: ids that name nothing, so an admitted call changes nothing. */
function concrete(url: string): string {
  return url
    .replace(':uuid', '00000000-0000-4000-8000-000000000000')
    .replace(/:[A-Za-z]+/g, '999999')
    .replace('*', 'nothing/here');
}

describe.each(testDatabaseKinds())('the route × grant matrix on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let group: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const granted = await adminWithGrants(t, []);
    headers = granted.headers;
    group = granted.group.name;
  });
  afterAll(() => t?.close());

  const adminRoutes = () =>
    t.app.accessCatalogue.routes.filter(
      (route) => route.access.kind !== 'public' && route.access.kind !== 'platform',
    );

  const call = (method: string, url: string) =>
    t.app.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: {
        ...headers,
        ...(method === 'POST' || method === 'PUT' ? { 'content-type': 'application/json' } : {}),
      },
      ...(method === 'POST' || method === 'PUT' ? { payload: '{"not":"valid"}' } : {}),
    });

  /**
   * The answer's status; an upload route that admits the caller reads a JSON body as a broken upload
   * and closes the connection (-1): admitted, all the same.
   */
  const statusOf = async (method: string, url: string) => {
    // A live stream never ends, so `inject` would wait for ever; live-events.test.ts opens it over a
    // socket. Any administrator may open it, which the list of signed-in routes above checks.
    if (`${method} ${url}` === 'GET /auth/admin/events') return 200;
    try {
      return (await call(method, url)).statusCode;
    } catch {
      return -1;
    }
  };

  const grantOnly = (resource: string, action: string) =>
    t.db
      .updateTable('admin_groups')
      .set({ grants: JSON.stringify([{ resource, action, effect: 'allow' }]) })
      .where('name', '=', group)
      .execute();

  it('declares every admin route, with a permission unless every administrator needs it', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(100);
    const signedIn = routes
      .filter((route) => route.access.kind === 'signed-in')
      .map((r) => `${r.method} ${r.url}`);
    expect(signedIn.sort()).toEqual([
      // The administrator's own second factor: every admin may protect their own account.
      'DELETE /auth/admin/mfa/passkeys/:id',
      'DELETE /auth/admin/mfa/totp',
      // Their own sign-ins: where they are signed in, and ending one or all the others.
      'DELETE /auth/admin/sessions/:id',
      'GET /auth/admin/dashboard',
      'GET /auth/admin/dashboard/cards/:id',
      // Their live change stream: it carries only what their grants let them list.
      'GET /auth/admin/events',
      'GET /auth/admin/me/permissions',
      'GET /auth/admin/mfa',
      'GET /auth/admin/profile',
      'GET /auth/admin/profile-basic',
      // Which reports they may open: each report's own route declares its permission.
      'GET /auth/admin/reports',
      'GET /auth/admin/sessions',
      'PATCH /auth/admin/mfa/passkeys/:id',
      'POST /auth/admin/mfa/passkeys',
      'POST /auth/admin/mfa/passkeys/options',
      'POST /auth/admin/mfa/recovery-codes',
      'POST /auth/admin/mfa/totp/confirm',
      'POST /auth/admin/mfa/totp/setup',
      'POST /auth/admin/sessions/end-others',
      // Confirming it is still them before a dangerous action.
      'POST /auth/admin/step-up',
      'POST /auth/admin/step-up/passkey-options',
      'PUT /auth/admin/profile',
    ]);
  });

  it('leaves a member of a group that requires a factor, signed in without one, only the enrolment', async () => {
    await t.db
      .updateTable('admin_groups')
      .set({ grants: JSON.stringify([{ resource: '*', action: '*', effect: 'allow' }]), mfa_required: true })
      .where('name', '=', group)
      .execute();
    const open: string[] = [];
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      const response = await call(route.method, route.url).catch(() => undefined);
      const code = response?.statusCode === 403 ? response.json().code : undefined;
      if (code === 'mfa_enrollment_required') continue;
      if (route.access.kind === 'signed-in' && route.access.enrolment)
        open.push(`${route.method} ${route.url}`);
      else wrong.push(`${route.method} ${route.url} → ${response?.statusCode}`);
    }
    await t.db.updateTable('admin_groups').set({ mfa_required: false }).where('name', '=', group).execute();
    expect(wrong).toEqual([]);
    expect(open.sort()).toEqual([
      'GET /auth/admin/me/permissions',
      'GET /auth/admin/mfa',
      'GET /auth/admin/profile-basic',
      'POST /auth/admin/mfa/passkeys',
      'POST /auth/admin/mfa/passkeys/options',
      'POST /auth/admin/mfa/totp/confirm',
      'POST /auth/admin/mfa/totp/setup',
    ]);
  });

  it('refuses every other admin route to an administrator without grants, before reading the body', async () => {
    await grantOnly('nothing.here', 'none');
    const wrong: string[] = [];
    for (const route of adminRoutes()) {
      if (route.access.kind === 'signed-in') continue;
      const response = await call(route.method, route.url);
      if (response.statusCode !== 403 || typeof response.json().error !== 'string')
        wrong.push(`${route.method} ${route.url} → ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  // Every (resource, action) against every route is some 30,000 requests: run once, on the last
  // database of the run (PostgreSQL when there is one). The decision is made in the process from the
  // grants; the two databases differ only in storing them, which the tests above cover on both.
  it.skipIf(kind !== testDatabaseKinds().at(-1))(
    'lets each action of the catalogue through its own routes and nowhere else',
    async () => {
      const catalogue = (await t.app.inject({ method: 'GET', url: '/auth/admin/me/permissions', headers }))
        .statusCode;
      expect(catalogue).toBe(200);
      const resources: CatalogueResource[] = t.app.accessCatalogue.toJSON().resources;
      const wrong: string[] = [];
      for (const resource of resources) {
        for (const action of resource.actions) {
          await grantOnly(resource.name, action.name);
          for (const route of adminRoutes()) {
            const expected = admits(route.access, resource.name, action.name);
            const status = await statusOf(route.method, route.url);
            if ((status === 403) === expected)
              wrong.push(`${resource.name} ${action.name}: ${route.method} ${route.url} → ${status}`);
          }
        }
      }
      expect(wrong).toEqual([]);
    },
    600_000,
  );
});

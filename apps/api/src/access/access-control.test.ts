import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { errors } from '../http/app-error.js';
import { installAccessControl, queryFields } from './access-control.js';
import { access } from './route-access.js';

function server() {
  const app = Fastify();
  installAccessControl(app, {
    authenticate: () => Promise.reject(errors.unauthorized()),
    loadGrants: async () => ({ grants: [], mfaRequired: false }),
    audit: () => ({ record: async () => undefined }),
    clock: () => new Date(),
    stepUpSeconds: 300,
  });
  return app;
}

describe('installAccessControl', () => {
  it('refuses to start a server with a service route that declares no access', () => {
    const app = server();
    expect(() => app.get('/auth/admin/forgotten', async () => ({ ok: true }))).toThrow(
      /GET \/auth\/admin\/forgotten declares no access/,
    );
  });

  it('refuses an admin route left to a platform guard', () => {
    const app = server();
    expect(() =>
      app.get('/storage/api/v1/admin/things', { config: { access: access.platform } }, async () => ({})),
    ).toThrow(/needs an admin check/);
  });

  it('leaves routes outside the services alone, and checks declared ones before anything else', async () => {
    const app = server();
    app.get('/healthz', async () => ({ ok: true }));
    app.post(
      '/auth/admin/things',
      {
        config: { access: access.to('auth.things', 'create') },
        schema: { body: { type: 'object', required: ['x'] } },
      },
      async () => ({ ok: true }),
    );
    app.setErrorHandler((error: { statusCode?: number }, _request, reply) =>
      reply.status(error.statusCode ?? 500).send({ code: error.statusCode }),
    );
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    // Unauthenticated: 401 before the body (which is invalid) is looked at.
    expect((await app.inject({ method: 'POST', url: '/auth/admin/things', payload: {} })).statusCode).toBe(
      401,
    );
  });
});

describe('queryFields', () => {
  it('reads the fields a list query filters and sorts by', () => {
    expect(
      queryFields({ 'filter[email]': 'a', sort: '-created_at, phone', page: '2', perPage: '10' }),
    ).toEqual(['email', 'created_at', 'phone']);
  });
});

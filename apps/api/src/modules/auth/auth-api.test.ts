import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { registerErrorHandling } from '../../http/error-handler.js';
import { createPasswordHasher } from '../../lib/password-hasher.js';
import { createSecretBox } from '../../lib/secret-box.js';
import type { Mailer } from '../../mail/mailer.js';
import { createUser } from '../../test/factories.js';
import { createFakeClock } from '../../test/fake-clock.js';
import { openTestDatabase, testDatabaseKinds } from '../../test/test-database.js';
import { type AuthModule, createAuthModule, currentUser } from './index.js';
import { createApiKeys } from './settings/api-keys.js';

const noMail: Mailer = {
  send: () => Promise.reject(new Error('no e-mail in these tests')),
  wake: () => undefined,
  reportUnsendable: () => undefined,
};

/**
 * The interface the other modules build on: a route guarded by a platform user's token, one by a
 * service's API key, and the user directory.
 */
describe.each(testDatabaseKinds())('the auth API for other modules on %s', (kind) => {
  let database: DatabaseHandle;
  let auth: AuthModule;
  let app: FastifyInstance;
  const time = createFakeClock();

  beforeAll(async () => {
    database = await openTestDatabase(kind);
    auth = await createAuthModule({
      db: database.db,
      clock: time.clock,
      mailer: noMail,
      secretBox: createSecretBox(randomBytes(32)),
      passwords: createPasswordHasher({ concurrency: 1, maxWaitMs: 10_000 }),
      lifetimes: { accessTokenTtl: 900, refreshTokenTtl: 3600, sessionMaxAge: 7200 },
      stepUpSeconds: 300,
      issuer: 'http://auth.test/auth',
      panelUrl: 'http://auth.test',
      companyName: 'Test',
      bootstrap: undefined,
    });
    app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    await auth.register(app, '/auth');
    app.get('/me', { onRequest: auth.api.requireUser }, async (request) => {
      const user = currentUser(request);
      return {
        uid: user.uid,
        email: user.email,
        groups: user.groups,
        live: await auth.api.isSessionLive(user.sessionId),
      };
    });
    app.get('/storage-only', { onRequest: auth.api.requireServiceKey('storage') }, async (request) => ({
      service: request.callerService,
    }));
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  async function signedInUser(groups: string[]) {
    const { user, password } = await createUser(database.db, { groups });
    const response = await app.inject({
      method: 'POST',
      url: '/auth/user/signin',
      payload: { email: user.email, password },
    });
    expect(response.statusCode, response.body).toBe(200);
    return { user, tokens: response.json<{ access_token: string; refresh_token: string }>() };
  }

  it('lets a platform user through with their directory entry, and nobody else', async () => {
    const { user, tokens } = await signedInUser(['editors']);
    const ok = await app.inject({ url: '/me', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ uid: user.uid, email: user.email, groups: ['editors'], live: true });

    expect((await app.inject({ url: '/me' })).statusCode).toBe(401);
    const garbage = await app.inject({ url: '/me', headers: { authorization: 'Bearer not-a-token' } });
    expect(garbage.statusCode).toBe(401);
  });

  it('stops a user whose sign-in ended, at once', async () => {
    const { tokens } = await signedInUser([]);
    expect(await auth.api.authenticateUser(tokens.access_token)).toMatchObject({ groups: [] });
    await database.db.updateTable('auth_sessions').set({ revoked_at: time.clock() }).execute();
    const user = await auth.api.authenticateUser(tokens.access_token).catch((error: unknown) => error);
    expect(user).toMatchObject({ statusCode: 401 });
  });

  it('accepts only the named service’s current API key', async () => {
    const keys = await database.db.selectFrom('api_keys').select('service').execute();
    expect(keys.map((row) => row.service).sort()).toEqual(['chat', 'notification', 'storage']);
    const [storageKey, chatKey] = await regenerate();
    const ok = await app.inject({ url: '/storage-only', headers: { 'x-api-key': storageKey } });
    expect(ok.json()).toEqual({ service: 'storage' });
    for (const key of [chatKey, 'pult_storage_guess', '']) {
      const refused = await app.inject({ url: '/storage-only', headers: { 'x-api-key': key } });
      expect(refused.statusCode).toBe(401);
    }
    expect((await app.inject({ url: '/storage-only' })).statusCode).toBe(401);
  });

  it('finds users by uid, leaving out unknown and malformed ones', async () => {
    const { user: ann } = await createUser(database.db, { first_name: 'Ann', groups: ['a'] });
    const { user: bob } = await createUser(database.db, { first_name: 'Bob' });
    const found = await auth.api.directory.byUids([
      ann.uid,
      bob.uid,
      'nope',
      '00000000-0000-0000-0000-000000000000',
    ]);
    expect([...found.keys()].sort()).toEqual([ann.uid, bob.uid].sort());
    expect(found.get(ann.uid)).toMatchObject({ id: ann.id, first_name: 'Ann', groups: ['a'] });
    expect(await auth.api.directory.byUid('not-a-uuid')).toBeUndefined();
  });

  /** Regenerates the keys the way the settings screen does, returning the storage and chat keys. */
  async function regenerate(): Promise<[string, string]> {
    const keys = await createApiKeys(database.db, time.clock).regenerate();
    const key = (service: string) => keys.find((entry) => entry.service === service)?.key ?? '';
    return [key('storage'), key('chat')];
  }
});

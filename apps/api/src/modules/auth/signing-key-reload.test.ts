import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PultApp } from '../../app.js';
import { signIn } from '../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('processes sharing one database on %s', (kind) => {
  let t: TestApp;
  let peer: PultApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    // A second process that found no key when it started (it raced the first) and made its own.
    const firstKeys = await t.db.selectFrom('signing_keys').selectAll().execute();
    await t.db.deleteFrom('signing_keys').execute();
    peer = await buildApp({ config: t.config, db: t.db, clock: t.time.clock, logger: false });
    await peer.app.ready();
    await t.db
      .insertInto('signing_keys')
      .values(firstKeys.map((row) => ({ ...row, public_jwk: JSON.stringify(row.public_jwk) })))
      .execute();
  });
  afterAll(async () => {
    await peer?.app.close();
    await t?.close();
  });

  it('accepts a token signed with a key published after it started', async () => {
    const response = await peer.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: TEST_ADMIN,
    });
    expect(response.statusCode).toBe(200);
    const { access_token } = response.json<{ access_token: string }>();
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/profile-basic',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    const jwks = (await t.app.inject({ method: 'GET', url: '/auth/.well-known/jwks.json' })).json();
    expect(jwks.keys).toHaveLength(2);
  });

  it('still refuses a token naming a key nobody published', async () => {
    const pair = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const [header, payload, signature] = pair.access_token.split('.');
    const decoded = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8'));
    const forgedHeader = Buffer.from(JSON.stringify({ ...decoded, kid: 'no-such-key' })).toString(
      'base64url',
    );
    const profile = await t.app.inject({
      method: 'GET',
      url: '/auth/admin/profile-basic',
      headers: { authorization: `Bearer ${forgedHeader}.${payload}.${signature}` },
    });
    expect(profile.statusCode).toBe(401);
  });
});

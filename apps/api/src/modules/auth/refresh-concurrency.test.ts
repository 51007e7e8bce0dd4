import type { TokenPair } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/tokens.js';
import { adminProfileBasic, renewAdmin, signIn } from '../../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('concurrent renewals of one sign-in on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const refresh = (token: string) => renewAdmin(t, token);
  const profile = (accessToken: string) => adminProfileBasic(t, accessToken);
  const family = async (refreshToken: string) => {
    const session = await t.db
      .selectFrom('refresh_tokens')
      .innerJoin('auth_sessions', 'auth_sessions.id', 'refresh_tokens.session_id')
      .select(['auth_sessions.id', 'auth_sessions.revoked_at'])
      .where('refresh_tokens.token_hash', '=', sha256(refreshToken))
      .executeTakeFirstOrThrow();
    const current = await t.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('session_id', '=', session.id)
      .where('rotated_at', 'is', null)
      .execute();
    return { revokedAt: session.revoked_at, current: current.map((row) => row.token_hash) };
  };

  it('50 renewals with one token at once: all succeed, on one current token, nothing revoked', async () => {
    const first = await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password);
    const responses = await Promise.all(Array.from({ length: 50 }, () => refresh(first.refresh_token)));

    expect(responses.map((response) => response.statusCode)).toEqual(responses.map(() => 200));
    const pairs = responses.map((response) => response.json<TokenPair>());
    const state = await family(first.refresh_token);
    expect(state.revokedAt).toBeNull();
    expect(state.current).toHaveLength(1);
    // Every answer holds the one current token, so whichever tab renews next keeps the sign-in.
    expect(new Set(pairs.map((pair) => sha256(pair.refresh_token)))).toEqual(new Set(state.current));
    for (const pair of pairs) expect((await profile(pair.access_token)).statusCode).toBe(200);

    const next = await refresh(pairs[49]!.refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await profile(next.json<TokenPair>().access_token)).statusCode).toBe(200);
    expect((await family(first.refresh_token)).current).toHaveLength(1);
  });

  it('two tabs of 10 sign-ins renewing at the same moment, three rounds: no sign-in is lost', async () => {
    // One after another: parallel attempts on one account count against its throttle while in flight.
    let sessions: TokenPair[] = [];
    for (let i = 0; i < 10; i++) sessions.push(await signIn(t, TEST_ADMIN.email, TEST_ADMIN.password));
    for (let round = 0; round < 3; round++) {
      t.time.advance(60);
      sessions = await Promise.all(
        sessions.map(async (pair) => {
          const [tabA, tabB] = await Promise.all([refresh(pair.refresh_token), refresh(pair.refresh_token)]);
          expect([tabA.statusCode, tabB.statusCode]).toEqual([200, 200]);
          expect(tabA.json<TokenPair>().refresh_token).toBe(tabB.json<TokenPair>().refresh_token);
          return tabB.json<TokenPair>();
        }),
      );
    }
    for (const pair of sessions) {
      const state = await family(pair.refresh_token);
      expect(state.revokedAt).toBeNull();
      expect(state.current).toEqual([sha256(pair.refresh_token)]);
    }
  });
});

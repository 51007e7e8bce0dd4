import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

/** How many argon2 verifications run at once, at most. */
const argon2 = vi.hoisted(() => ({ running: 0, peak: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...original,
    verify: async (...args: Parameters<typeof original.verify>) => {
      argon2.running += 1;
      argon2.peak = Math.max(argon2.peak, argon2.running);
      try {
        return await original.verify(...args);
      } finally {
        argon2.running -= 1;
      }
    },
  };
});

describe.each(testDatabaseKinds())('the password-hashing pool on %s', (kind) => {
  const signin = (t: TestApp, email: string, password: string, i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email, password },
      headers: { Lang: 'en-US' },
      remoteAddress: `198.51.100.${i + 1}`,
    });
  const accounts = (t: TestApp, count: number) =>
    Promise.all(Array.from({ length: count }, () => createAdmin(t.db)));

  describe('with two slots and a long wait', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_MAX_WAIT_MS: '60000' });
    });
    afterAll(() => t?.close());

    it('never runs more hashes at once than it has slots, and serves every sign-in', async () => {
      const admins = await accounts(t, 8);
      argon2.peak = 0;
      const responses = await Promise.all(
        admins.map(({ admin, password }, i) => signin(t, admin.email, password, i)),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(admins.map(() => 200));
      expect(argon2.peak).toBe(2);
    });
  });

  describe('with one slot and a wait too short for any queue', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_MAX_WAIT_MS: '1' });
    });
    afterAll(() => t?.close());

    it('answers 503 with Retry-After to the sign-ins it cannot hash in time, without counting them as failures', async () => {
      const admins = await accounts(t, 6);
      const responses = await Promise.all(
        admins.map(({ admin }, i) => signin(t, admin.email, 'a-wrong-guess', i)),
      );
      const busy = responses.filter((response) => response.statusCode === 503);
      expect(busy.length).toBeGreaterThan(0);
      expect(responses.filter((response) => response.statusCode === 422)).toHaveLength(6 - busy.length);
      for (const response of busy) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json()).toEqual({
          message: 'The server is busy; try again in a moment',
          request_id: response.headers['x-request-id'],
        });
      }
      const failures = await t.db
        .selectFrom('rate_limit_events')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('bucket', '=', 'signin-account')
        .executeTakeFirstOrThrow();
      expect(Number(failures.count)).toBe(6 - busy.length);
    });
  });
});

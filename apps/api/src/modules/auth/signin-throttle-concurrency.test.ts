import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

/** Every password check that reaches argon2, whichever code path asked for it. */
const argon2 = vi.hoisted(() => ({ verifications: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...original,
    verify: (...args: Parameters<typeof original.verify>) => {
      argon2.verifications += 1;
      return original.verify(...args);
    },
  };
});

describe.each(testDatabaseKinds())('sign-in throttling under parallel guesses on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // A generous wait for a hashing slot: this file counts hashes, not how long they queue.
    t = await createTestApp(kind, { PASSWORD_HASH_MAX_WAIT_MS: '60000' });
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    argon2.verifications = 0;
  });

  const signin = (email: string, password: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email, password },
      remoteAddress: address,
    });
  const statuses = (responses: { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  };

  it('40 parallel wrong guesses on one account: exactly 5 reach the password hash', async () => {
    const { admin } = await createAdmin(t.db);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signin(admin.email, `wrong-guess-${i}`, `198.51.100.${i + 1}`)),
    );
    expect(argon2.verifications).toBe(5);
    expect(statuses(responses)).toEqual({ 422: 5, 429: 35 });
  });

  it('60 parallel guesses from one address on many accounts: exactly 20 reach the password hash', async () => {
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signin(`spray${i}@pult.test`, 'wrong-guess', '203.0.113.77')),
    );
    expect(argon2.verifications).toBe(20);
    expect(statuses(responses)).toEqual({ 422: 20, 429: 40 });
  });

  it('a right password among parallel wrong ones is still throttled like them, and never counted twice', async () => {
    const { admin, password } = await createAdmin(t.db);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      signin(admin.email, i === 6 ? password : `wrong-${i}`, `192.0.2.${i + 1}`),
    );
    const responses = await Promise.all(guesses);
    // A right password clears the account's count (as after any successful sign-in), so wrong guesses
    // that arrive after it has finished are checked again: at most 5 places before it and 5 after.
    // Which of the two a guess falls in depends on the machine's timing, not on the throttle.
    expect(argon2.verifications).toBeLessThanOrEqual(10);
    const failures = await t.db
      .selectFrom('rate_limit_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('bucket', '=', 'signin-account')
      .where('key', '=', admin.email)
      .executeTakeFirstOrThrow();
    const granted = responses.filter((response) => response.statusCode !== 429).length;
    expect(granted).toBe(argon2.verifications);
    expect(Number(failures.count)).toBeLessThanOrEqual(5);
  });
});

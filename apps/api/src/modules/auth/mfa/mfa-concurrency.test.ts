import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import {
  challenge,
  codeFor,
  enrolledAdmin,
  secondStep,
  statusCounts,
  wrongCodes,
} from './mfa.test-support.js';
import { createRecoveryCodeStore } from './recovery-code-store.js';

/** The second factor's check-then-act steps, each run many times at once (ARCHITECTURE.md, "Concurrency"). */
describe.each(testDatabaseKinds())('second factor under parallel requests on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());
  const now = () => t.time.clock();

  it('50 parallel wrong codes over 5 challenges: exactly 5 are checked (422), 45 answer 429 with Retry-After', async () => {
    const { admin, password, secret } = await enrolledAdmin(t);
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) tokens.push((await challenge(t, admin.email, password)).mfa_token);
    const guesses = wrongCodes(secret, now(), 50);
    const responses = await Promise.all(
      guesses.map((code, i) => secondStep(t, { mfa_token: tokens[i % 5], code })),
    );
    expect(statusCounts(responses)).toEqual({ 422: 5, 429: 45 });
    for (const response of responses.filter((r) => r.statusCode === 429)) {
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      expect(response.json()).toEqual({
        message: expect.stringMatching(/^Too many wrong codes\. Try again in \d+ min\.$/),
      });
    }
    // The limit is the account's: a new challenge, even with the right code, waits too.
    const fresh = await challenge(t, admin.email, password);
    expect(
      (await secondStep(t, { mfa_token: fresh.mfa_token, code: codeFor(secret, now()) })).statusCode,
    ).toBe(429);
    const sessions = await t.db
      .selectFrom('auth_sessions')
      .select('id')
      .where('subject_id', '=', admin.id)
      .execute();
    expect(sessions).toHaveLength(1); // the enrolment's sign-in only

    t.time.advance(15 * 60 + 1);
    const later = await challenge(t, admin.email, password);
    expect(
      (await secondStep(t, { mfa_token: later.mfa_token, code: codeFor(secret, now()) })).statusCode,
    ).toBe(200);
  });

  it('one recovery code used by 5 parallel sign-ins: exactly one gets a session', async () => {
    const { admin, password, recoveryCodes } = await enrolledAdmin(t);
    const tokens: string[] = [];
    for (let i = 0; i < 5; i += 1) tokens.push((await challenge(t, admin.email, password)).mfa_token);
    const responses = await Promise.all(
      tokens.map((mfa_token) => secondStep(t, { mfa_token, recovery_code: recoveryCodes[0] })),
    );
    const counts = statusCounts(responses);
    expect(counts[200]).toBe(1);
    expect((counts[422] ?? 0) + (counts[429] ?? 0)).toBe(4);
    const left = await t.db
      .selectFrom('admin_recovery_codes')
      .select('id')
      .where('admin_id', '=', admin.id)
      .where('used_at', 'is', null)
      .execute();
    expect(left).toHaveLength(9);
  });

  it('the spending statement itself: 20 parallel uses of one code, one true', async () => {
    const { admin } = await enrolledAdmin(t);
    const store = createRecoveryCodeStore(t.db);
    const { code_hash } = await t.db
      .selectFrom('admin_recovery_codes')
      .select('code_hash')
      .where('admin_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => store.consume(t.db, admin.id, code_hash, now())),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('one authenticator code on 2 parallel challenges: accepted once', async () => {
    const { admin, password, secret } = await enrolledAdmin(t);
    const first = await challenge(t, admin.email, password);
    const second = await challenge(t, admin.email, password);
    const code = codeFor(secret, now());
    const responses = await Promise.all([
      secondStep(t, { mfa_token: first.mfa_token, code }),
      secondStep(t, { mfa_token: second.mfa_token, code }),
    ]);
    expect(statusCounts(responses)).toEqual({ 200: 1, 422: 1 });
  });

  it('one mfa_token completed by 2 parallel requests with different right factors: one session', async () => {
    const { admin, password, secret, recoveryCodes } = await enrolledAdmin(t);
    const { mfa_token } = await challenge(t, admin.email, password);
    const responses = await Promise.all([
      secondStep(t, { mfa_token, code: codeFor(secret, now()) }),
      secondStep(t, { mfa_token, recovery_code: recoveryCodes[1] }),
    ]);
    expect(statusCounts(responses)).toEqual({ 200: 1, 422: 1 });
    const loser = responses.find((r) => r.statusCode === 422)!;
    expect(Object.keys(loser.json().message)).toEqual(['mfa_token']);
    // The loser's factor was rolled back with its transaction: still usable.
    const unused = await t.db
      .selectFrom('admin_recovery_codes')
      .select('id')
      .where('admin_id', '=', admin.id)
      .where('used_at', 'is', null)
      .execute();
    const spentTotp = responses[0]!.statusCode === 200;
    expect(unused).toHaveLength(spentTotp ? 10 : 9);
  });
});

import type { MfaChallenge, TokenPair } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256 } from '../../../lib/tokens.js';
import { adminProfileBasic, createAdmin, renewAdmin, signIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { bearer, challenge, codeFor, enrolledAdmin, secondStep, wrongCodes } from './mfa.test-support.js';

describe.each(testDatabaseKinds())('second factor (TOTP, recovery codes, two-step sign-in) on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({
      method,
      url: `/auth/admin${url}`,
      headers: { Lang: 'en-US', ...headers },
      ...(payload ? { payload } : {}),
    });
  const now = () => t.time.clock();
  const auditNames = async (adminId: number) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['action', 'detail'])
        .where('admin_id', '=', adminId)
        .orderBy('id')
        .execute()
    ).map((row) => (row.action === 'action' ? String(row.detail?.name) : row.action));
  const sessionsOf = async (adminId: number) =>
    t.db
      .selectFrom('auth_sessions')
      .select(['id', 'second_factor'])
      .where('subject_id', '=', adminId)
      .execute();

  it('enrols: the password starts the setup, one right code confirms it, 10 recovery codes come once', async () => {
    const { admin, password } = await createAdmin(t.db);
    const headers = bearer(await signIn(t, admin.email, password));
    expect((await call('GET', '/mfa', headers)).json()).toMatchObject({
      totp: false,
      recovery_codes_left: 0,
    });

    const wrongPassword = await call('POST', '/mfa/totp/setup', headers, { password: 'not-it' });
    expect(wrongPassword.statusCode).toBe(422);
    expect(wrongPassword.json()).toEqual({ message: { password: ['Wrong password'] } });
    expect((await call('POST', '/mfa/totp/confirm', headers, { code: '123456' })).json()).toEqual({
      message: 'Start the authenticator setup first',
    });

    const setup = await call('POST', '/mfa/totp/setup', headers, { password });
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(decodeURIComponent(url.pathname)).toBe(`/Pult:${admin.email}`);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Pult');
    const stored = await t.db
      .selectFrom('admin_totp')
      .selectAll()
      .where('admin_id', '=', admin.id)
      .executeTakeFirstOrThrow();
    expect(stored.secret_sealed).not.toContain(secret);
    expect(stored.confirmed_at).toBeNull();
    // Pending is not enabled: the password alone still signs in.
    expect((await signIn(t, admin.email, password)).access_token).toBeTruthy();

    const [wrong] = wrongCodes(secret, now(), 1);
    const refused = await call('POST', '/mfa/totp/confirm', headers, { code: wrong });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: { code: ['Wrong or already used code'] } });

    const confirmed = await call('POST', '/mfa/totp/confirm', headers, { code: codeFor(secret, now()) });
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const hashes = await t.db
      .selectFrom('admin_recovery_codes')
      .select('code_hash')
      .where('admin_id', '=', admin.id)
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { code_hash } of hashes)
      for (const code of codes) expect(code_hash).not.toContain(code.replace('-', ''));

    expect((await call('GET', '/mfa', headers)).json()).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
    });
    expect(
      (await call('POST', '/mfa/totp/confirm', headers, { code: codeFor(secret, now()) })).statusCode,
    ).toBe(422);
    expect((await call('POST', '/mfa/totp/setup', headers, { password })).json()).toEqual({
      message: 'The authenticator app is already set up: remove it first',
    });
    expect(await auditNames(admin.id)).toEqual(
      expect.arrayContaining(['mfa-totp-enable', 'mfa-recovery-codes']),
    );
  });

  it('signs in in two steps with a code from the app, and never accepts the same code twice', async () => {
    const { admin, password, secret } = await enrolledAdmin(t);
    const first = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: admin.email, password },
    });
    expect(first.statusCode).toBe(200);
    const body = first.json<MfaChallenge & Partial<TokenPair>>();
    expect(body).toEqual({
      mfa_required: true,
      mfa_token: expect.any(String),
      methods: ['totp', 'recovery'],
    });
    expect(body.access_token).toBeUndefined();
    expect(await sessionsOf(admin.id)).toHaveLength(1); // the enrolment's own sign-in only

    const code = codeFor(secret, now());
    const second = await secondStep(t, { mfa_token: body.mfa_token, code });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.headers['cache-control']).toBe('no-store');
    const pair = second.json<TokenPair>();
    expect(Object.keys(pair).sort()).toEqual([
      'access_token',
      'expires_at',
      'refresh_expired_at',
      'refresh_token',
    ]);
    expect((await adminProfileBasic(t, pair.access_token)).statusCode).toBe(200);
    // The enrolment's sign-in passed the factor when it confirmed the code; this one at sign-in.
    expect((await sessionsOf(admin.id)).map((s) => s.second_factor ?? 'none').sort()).toEqual([
      'totp',
      'totp',
    ]);

    // The same code again, within its 30 s, on a new challenge: refused. The spent token too.
    const again = await challenge(t, admin.email, password);
    const reused = await secondStep(t, { mfa_token: again.mfa_token, code });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: { code: ['Wrong or already used code'] } });
    const spent = await secondStep(t, { mfa_token: body.mfa_token, code: codeFor(secret, now(), 1) });
    expect(spent.statusCode).toBe(422);
    expect(spent.json()).toEqual({
      message: { mfa_token: ['This sign-in step has expired or was already used: sign in again'] },
    });
    // A code of the next step (a phone slightly ahead) is fine, once.
    expect(
      (await secondStep(t, { mfa_token: again.mfa_token, code: codeFor(secret, now(), 1) })).statusCode,
    ).toBe(200);

    // Refresh keeps working, and keeps the sign-in's factor.
    const renewed = await renewAdmin(t, pair.refresh_token);
    expect(renewed.statusCode).toBe(200);
    const audited = await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('admin_id', '=', admin.id)
      .where('action', 'in', ['signin', 'signin_failed'])
      .execute();
    expect(
      audited.filter((row) => row.action === 'signin' && row.detail?.second_factor === 'totp'),
    ).toHaveLength(2);
    expect(
      audited.filter((row) => row.action === 'signin_failed' && row.detail?.step === 'mfa'),
    ).toHaveLength(1);
  });

  it('an mfa_token lives 5 minutes and belongs to one administrator', async () => {
    const ann = await enrolledAdmin(t);
    const bob = await enrolledAdmin(t);
    const annStep = await challenge(t, ann.admin.email, ann.password);
    // Bob's valid code on Ann's challenge is a wrong code for Ann.
    expect(
      (await secondStep(t, { mfa_token: annStep.mfa_token, code: codeFor(bob.secret, now()) })).statusCode,
    ).toBe(422);
    expect(
      (await secondStep(t, { mfa_token: 'x'.repeat(43), code: codeFor(ann.secret, now()) })).json(),
    ).toEqual({
      message: { mfa_token: ['This sign-in step has expired or was already used: sign in again'] },
    });
    t.time.advance(5 * 60 + 1);
    const late = await secondStep(t, { mfa_token: annStep.mfa_token, code: codeFor(ann.secret, now()) });
    expect(late.statusCode).toBe(422);
    expect(Object.keys(late.json().message)).toEqual(['mfa_token']);
    const fresh = await challenge(t, ann.admin.email, ann.password);
    expect(
      (await secondStep(t, { mfa_token: fresh.mfa_token, code: codeFor(ann.secret, now()) })).statusCode,
    ).toBe(200);
  });

  it('a recovery code signs in once, in any case and with or without its dash; new codes replace the old', async () => {
    const { admin, password, secret, headers, recoveryCodes } = await enrolledAdmin(t);
    const [first, second] = recoveryCodes as [string, string];
    const step = await challenge(t, admin.email, password);
    const used = await secondStep(t, {
      mfa_token: step.mfa_token,
      recovery_code: first.replace('-', '').toUpperCase(),
    });
    expect(used.statusCode, used.body).toBe(200);
    expect((await call('GET', '/mfa', headers)).json()).toMatchObject({ totp: true, recovery_codes_left: 9 });
    const again = await challenge(t, admin.email, password);
    const reused = await secondStep(t, { mfa_token: again.mfa_token, recovery_code: first });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({ message: { recovery_code: ['Wrong or already used code'] } });

    const renewed = await call('POST', '/mfa/recovery-codes', headers, { code: codeFor(secret, now()) });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json<{ recovery_codes: string[] }>().recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);
    expect((await call('GET', '/mfa', headers)).json()).toMatchObject({
      totp: true,
      recovery_codes_left: 10,
    });
    expect((await secondStep(t, { mfa_token: again.mfa_token, recovery_code: second })).statusCode).toBe(422);
    expect((await secondStep(t, { mfa_token: again.mfa_token, recovery_code: fresh[0] })).statusCode).toBe(
      200,
    );
    // New codes need a second factor, not just the signed-in session.
    expect((await call('POST', '/mfa/recovery-codes', headers, {})).json()).toEqual({
      message: { code: ['This field is required'] },
    });
    expect(await auditNames(admin.id)).toContain('mfa-recovery-codes');
  });

  it('removing the authenticator needs a second factor, takes the recovery codes with it, and is audited', async () => {
    const { admin, password, secret, headers } = await enrolledAdmin(t);
    const byPassword = await call('DELETE', '/mfa/totp', headers, { password });
    expect(byPassword.statusCode).toBe(422);
    expect(byPassword.json()).toEqual({
      message: { password: ['Confirm with a code from your authenticator app or a recovery code'] },
    });
    expect(
      (await call('DELETE', '/mfa/totp', headers, { code: wrongCodes(secret, now(), 1)[0] })).statusCode,
    ).toBe(422);
    const removed = await call('DELETE', '/mfa/totp', headers, { code: codeFor(secret, now()) });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ totp: false, recovery_codes_left: 0 });
    expect((await signIn(t, admin.email, password)).access_token).toBeTruthy();
    expect(await auditNames(admin.id)).toContain('mfa-totp-disable');

    // A setup never confirmed goes with the password.
    expect((await call('POST', '/mfa/totp/setup', headers, { password })).statusCode).toBe(200);
    expect((await call('DELETE', '/mfa/totp', headers, { password })).statusCode).toBe(200);
    expect((await call('DELETE', '/mfa/totp', headers, { password })).json()).toEqual({
      message: 'The authenticator app is not set up',
    });
  });

  it('a password reset keeps the factor: the new password still leads to the second step', async () => {
    const { admin, secret } = await enrolledAdmin(t);
    const code = 'reset-code-for-mfa-test';
    await t.db
      .insertInto('password_reset_codes')
      .values({
        admin_id: admin.id,
        code_hash: sha256(code),
        expires_at: new Date(now().getTime() + 600_000),
      })
      .execute();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/change-password',
      payload: { code, password: 'a-new-password-1', password_repeat: 'a-new-password-1' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const step = await challenge(t, admin.email, 'a-new-password-1');
    expect(
      (await secondStep(t, { mfa_token: step.mfa_token, code: codeFor(secret, now()) })).statusCode,
    ).toBe(200);
  });

  it('answers bad input with 4xx in the usual shapes, and never with a session', async () => {
    const { admin, password } = await enrolledAdmin(t);
    const step = await challenge(t, admin.email, password);
    const before = (await sessionsOf(admin.id)).length;
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [
        { mfa_token: step.mfa_token, code: '12345' },
        { code: ['Enter the 6 digits your authenticator app shows'] },
      ],
      [
        { mfa_token: step.mfa_token, code: '12345a' },
        { code: ['Enter the 6 digits your authenticator app shows'] },
      ],
      [
        { mfa_token: step.mfa_token, recovery_code: 'abc' },
        { recovery_code: ['A recovery code looks like abcde-fgh23'] },
      ],
      [{ mfa_token: step.mfa_token }, { code: ['This field is required'] }],
      [
        { mfa_token: step.mfa_token, code: '123456', recovery_code: 'abcde-fgh23' },
        { recovery_code: ['Give only one of: code, recovery code, password'] },
      ],
      [{ code: '123456' }, { mfa_token: ['This field is required'] }],
      [{ mfa_token: step.mfa_token, code: '123456', extra: 1 }, { extra: ['Unknown field'] }],
      [
        { mfa_token: 7, code: 123456 },
        { mfa_token: ['This field is required'], code: ['This field is required'] },
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await secondStep(t, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().message).toMatchObject(message);
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin/mfa',
      headers: { 'content-type': 'application/json', Lang: 'en-US' },
      body: JSON.stringify({ mfa_token: 'a'.repeat(1024 * 1024 + 10), code: '123456' }),
    });
    expect(huge.statusCode).toBe(413);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin/mfa',
      headers: { 'content-type': 'application/json', Lang: 'en-US' },
      body: '{"mfa_token": ',
    });
    expect(broken.statusCode).toBe(400);
    expect((await sessionsOf(admin.id)).length).toBe(before);
    // The own-factor routes need a signed-in administrator.
    for (const [method, url] of [
      ['GET', '/mfa'],
      ['POST', '/mfa/totp/setup'],
      ['POST', '/mfa/totp/confirm'],
      ['DELETE', '/mfa/totp'],
      ['POST', '/mfa/recovery-codes'],
    ] as const)
      expect((await call(method, url, {}, {})).statusCode, `${method} ${url}`).toBe(401);
    // Signed in, with a body of the wrong shape or none: a 422 keyed by field, never a 500.
    const { headers } = await enrolledAdmin(t);
    for (const [method, url] of [
      ['POST', '/mfa/totp/setup'],
      ['POST', '/mfa/totp/confirm'],
      ['DELETE', '/mfa/totp'],
      ['POST', '/mfa/recovery-codes'],
    ] as const) {
      const wrong = await call(method, url, headers, { not: 'valid' });
      expect(wrong.statusCode, `${method} ${url}`).toBe(422);
      expect(wrong.json().message.not).toEqual(['Unknown field']);
      const empty = await t.app.inject({ method, url: `/auth/admin${url}`, headers });
      expect(empty.statusCode, `${method} ${url} without a body`).toBeGreaterThanOrEqual(400);
      expect(empty.statusCode, `${method} ${url} without a body`).toBeLessThan(500);
    }
    const threeProofs = await call('DELETE', '/mfa/totp', headers, {
      code: '123456',
      recovery_code: 'abcde-fgh23',
      password: 'x',
    });
    expect(threeProofs.json()).toEqual({
      message: {
        recovery_code: ['Give only one of: code, recovery code, password'],
        password: ['Give only one of: code, recovery code, password'],
      },
    });
  });
});

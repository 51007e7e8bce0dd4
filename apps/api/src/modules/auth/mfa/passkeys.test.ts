import type { MfaStatus, PasskeyRegistered, TokenPair } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, signIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { bearer, challenge, secondStep, statusCounts } from './mfa.test-support.js';
import { assert, attest, newSoftPasskey, type SoftPasskey } from './soft-authenticator.test-support.js';

const ORIGIN = 'http://localhost:8080';
type Headers = Record<string, string>;

/** Passkeys (issue 21): registered in the profile, the sign-in's second step, step-up; bad answers refused. */
describe.each(testDatabaseKinds())('passkeys on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_URL: ORIGIN });
  });
  afterAll(() => t?.close());

  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Headers,
    payload?: unknown,
  ) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  /** An admin with one passkey registered through the API, as the profile does it. */
  async function withPasskey() {
    const { admin, password } = await createAdmin(t.db);
    const headers = bearer(await signIn(t, admin.email, password));
    const key = newSoftPasskey('localhost');
    const options = await call('POST', '/auth/admin/mfa/passkeys/options', headers, { password });
    expect(options.statusCode, options.body).toBe(200);
    const registered = await call('POST', '/auth/admin/mfa/passkeys', headers, {
      name: 'Laptop',
      response: attest(key, options.json<{ challenge: string }>(), ORIGIN),
    });
    expect(registered.statusCode, registered.body).toBe(200);
    return { admin, password, headers, key, registered: registered.json<PasskeyRegistered>() };
  }

  async function passkeyStep(email: string, password: string, key: SoftPasskey, origin = ORIGIN) {
    const { mfa_token, methods } = await challenge(t, email, password);
    const options = await call(
      'POST',
      '/auth/admin/signin/mfa/passkey-options',
      { Lang: 'en-US' },
      { mfa_token },
    );
    expect(options.statusCode, options.body).toBe(200);
    return { mfa_token, methods, webauthn: assert(key, options.json<{ challenge: string }>(), origin) };
  }

  it('registers a passkey after the password, with recovery codes when it is the first factor', async () => {
    const { headers, registered } = await withPasskey();
    expect(registered.passkey).toMatchObject({ name: 'Laptop', last_used_at: null });
    expect(registered.recovery_codes).toHaveLength(10);
    const status = (await call('GET', '/auth/admin/mfa', headers)).json<MfaStatus>();
    expect(status).toMatchObject({ totp: false, recovery_codes_left: 10, passkeys_available: true });
    expect(status.passkeys.map((passkey) => passkey.name)).toEqual(['Laptop']);
  });

  it('signs in with the passkey as the second step, and never with the same answer twice', async () => {
    const { admin, password, key } = await withPasskey();
    const step = await passkeyStep(admin.email, password, key);
    expect(step.methods).toEqual(['webauthn', 'recovery']);
    const signedIn = await secondStep(t, { mfa_token: step.mfa_token, webauthn: step.webauthn });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json<TokenPair>().access_token).toEqual(expect.any(String));
    const sessions = await t.db
      .selectFrom('auth_sessions')
      .select('second_factor')
      .where('subject_id', '=', admin.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(sessions.map((row) => row.second_factor)).toContain('webauthn');

    // The same answer on a new sign-in step: its challenge is spent.
    const again = await challenge(t, admin.email, password);
    const replay = await secondStep(t, { mfa_token: again.mfa_token, webauthn: step.webauthn });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toEqual({
      message: { webauthn: ['The passkey did not answer as expected: try again'] },
    });
  });

  it('refuses an answer for another origin, another admin’s challenge or a wrong key', async () => {
    const { admin, password, key } = await withPasskey();
    const foreign = await passkeyStep(admin.email, password, key, 'https://evil.example');
    expect(
      (await secondStep(t, { mfa_token: foreign.mfa_token, webauthn: foreign.webauthn })).statusCode,
    ).toBe(422);

    const other = await withPasskey();
    const theirs = await passkeyStep(other.admin.email, other.password, other.key);
    const mine = await challenge(t, admin.email, password);
    expect((await secondStep(t, { mfa_token: mine.mfa_token, webauthn: theirs.webauthn })).statusCode).toBe(
      422,
    );

    const stranger = newSoftPasskey('localhost');
    const forged = await passkeyStep(admin.email, password, stranger);
    expect((await secondStep(t, { mfa_token: forged.mfa_token, webauthn: forged.webauthn })).statusCode).toBe(
      422,
    );
  });

  it('accepts one answer once when two requests carry it at the same moment', async () => {
    const { admin, password, key } = await withPasskey();
    const step = await passkeyStep(admin.email, password, key);
    const second = await challenge(t, admin.email, password);
    const answers = await Promise.all([
      secondStep(t, { mfa_token: step.mfa_token, webauthn: step.webauthn }),
      secondStep(t, { mfa_token: second.mfa_token, webauthn: step.webauthn }),
    ]);
    expect(statusCounts(answers)).toEqual({ 200: 1, 422: 1 });
  });

  it('renames a passkey, and removes it only after a fresh factor; the codes go with the last factor', async () => {
    const { headers, key, registered } = await withPasskey();
    const id = registered.passkey.id;
    const renamed = await call('PATCH', `/auth/admin/mfa/passkeys/${id}`, headers, { name: 'Work laptop' });
    expect(renamed.json<MfaStatus>().passkeys[0]?.name).toBe('Work laptop');

    t.time.advance(301);
    const refused = await call('DELETE', `/auth/admin/mfa/passkeys/${id}`, headers);
    expect(refused.json()).toMatchObject({ code: 'step_up_required' });
    const options = await call('POST', '/auth/admin/step-up/passkey-options', headers);
    const stepUp = await call('POST', '/auth/admin/step-up', headers, {
      webauthn: assert(key, options.json<{ challenge: string }>(), ORIGIN),
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const removed = await call('DELETE', `/auth/admin/mfa/passkeys/${id}`, headers);
    expect(removed.json<MfaStatus>()).toMatchObject({ passkeys: [], recovery_codes_left: 0 });
    expect((await call('DELETE', `/auth/admin/mfa/passkeys/${id}`, headers)).statusCode).toBe(404);
  });

  it('refuses a registration answering another challenge, and bad bodies, with 4xx', async () => {
    const { admin, password } = await createAdmin(t.db);
    const headers = bearer(await signIn(t, admin.email, password));
    const key = newSoftPasskey('localhost');
    const made = await call('POST', '/auth/admin/mfa/passkeys', headers, {
      name: 'Guess',
      response: attest(key, { challenge: 'bm90LWlzc3VlZA' }, ORIGIN),
    });
    expect(made.statusCode).toBe(422);
    expect(made.json()).toEqual({
      message: { response: ['The passkey did not answer as expected: try again'] },
    });
    for (const payload of [
      {},
      { name: 'x' },
      { name: 'x', response: { id: '!!' } },
      { name: '', response: {} },
    ]) {
      const response = await call('POST', '/auth/admin/mfa/passkeys', headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const wrongPassword = await call('POST', '/auth/admin/mfa/passkeys/options', headers, {
      password: 'nope',
    });
    expect(wrongPassword.statusCode).toBe(422);
    expect(
      (await call('POST', '/auth/admin/signin/mfa/passkey-options', {}, { mfa_token: 'not-a-token' }))
        .statusCode,
    ).toBe(422);
  });
});

describe('passkeys at an IP address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t?.close());

  it('says they are unavailable, and why, instead of failing in the browser', async () => {
    const { admin, password } = await createAdmin(t.db);
    const headers = bearer(await signIn(t, admin.email, password));
    const status = await t.app.inject({ method: 'GET', url: '/auth/admin/mfa', headers });
    expect(status.json<MfaStatus>().passkeys_available).toBe(false);
    const options = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/mfa/passkeys/options',
      headers,
      payload: { password },
    });
    expect(options.statusCode).toBe(422);
    expect(options.json<{ message: string }>().message).toMatch(/host name/);
  });
});

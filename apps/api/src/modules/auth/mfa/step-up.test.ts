import type { TokenPair } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createGroup, createUser, signIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { smtpBody } from '../../notification/configs/config-bodies.test-support.js';
import { bearer, challenge, codeFor, enrolledAdmin, secondStep, wrongCodes } from './mfa.test-support.js';

const STEP_UP_SECONDS = 300;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type Headers = Record<string, string>;

/**
 * Step-up (issue 21): dangerous actions need a factor (or, for an admin without one, the password)
 * confirmed in this sign-in within the last five minutes; and a group that requires a second factor
 * leaves a member without one nothing but its enrolment.
 */
describe.each(testDatabaseKinds())('step-up and required second factor on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const call = (method: Method, url: string, headers: Headers, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  /** A superadmin without a factor, signed in now. */
  async function plainAdmin() {
    const { admin, password } = await createAdmin(t.db);
    return { admin, password, headers: bearer(await signIn(t, admin.email, password)) };
  }

  /** An administrator's update body as the form sends it, unchanged. */
  const adminBody = (admin: {
    email: string;
    first_name: string;
    last_name: string;
    status: number;
    groups: string[];
  }) => ({
    email: admin.email,
    first_name: admin.first_name,
    last_name: admin.last_name,
    language: 'uk-UA',
    status: admin.status,
    groups: admin.groups,
  });

  const expectStepUpRequired = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      error: expect.stringMatching(/confirm it is you/),
      code: 'step_up_required',
    });
  };

  /** Each dangerous action, set up so that, once allowed, it succeeds. */
  async function dangerousCalls(
    headers: Headers,
  ): Promise<[string, () => Promise<{ statusCode: number; json: () => unknown; body: string }>][]> {
    const nonce = Math.random().toString(36).slice(2, 8);
    const group = await createGroup(t.db, `danger-${nonce}`, []);
    const spare = await createGroup(t.db, `spare-${nonce}`, []);
    const { admin: member } = await createAdmin(t.db);
    const config = await call(
      'POST',
      '/notification/api/v1/admin/smtp-configs',
      headers,
      smtpBody({ name: `Relay ${nonce}` }),
    );
    expect(config.statusCode, config.body).toBe(201);
    const configId = config.json<{ id: number }>().id;
    const { user } = await createUser(t.db);
    const bucket = await t.db
      .insertInto('storage_buckets')
      .values({
        name: `full-${nonce}`,
        access: 'private',
        size_limit_mb: 1,
        presign_expiry_seconds: 60,
        allowed_extensions: [],
        allowed_mimes: [],
        groups: [],
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    // The trigger keeps the count from the files; one file's worth is enough to make it dangerous.
    await t.db
      .updateTable('storage_buckets')
      .set({ file_count: 1 } as never)
      .where('id', '=', bucket.id)
      .execute();
    return [
      ['remove all user tokens', () => call('POST', '/auth/admin/settings/revoke-user-tokens', headers)],
      ['regenerate API keys', () => call('POST', '/auth/admin/settings/regenerate-api-keys', headers)],
      [
        'create a group',
        () => call('POST', '/auth/admin/groups', headers, { name: `new-${nonce}`, grants: [] }),
      ],
      [
        'require a factor for a group',
        () =>
          call('PUT', `/auth/admin/groups/${group.id}`, headers, {
            name: group.name,
            grants: [],
            mfa_required: true,
          }),
      ],
      ['add a member', () => call('PUT', `/auth/admin/groups/${group.id}/members/${member.id}`, headers)],
      [
        "change an admin's groups",
        () =>
          call('PUT', `/auth/admin/admins/${member.id}`, headers, {
            ...adminBody(member),
            groups: ['superadmin', group.name],
          }),
      ],
      [
        'replace a stored SMTP password',
        () =>
          call('PUT', `/notification/api/v1/admin/smtp-configs/${configId}`, headers, {
            ...smtpBody({ name: `Relay ${nonce}` }),
            password: 'another-secret',
          }),
      ],
      [
        'bulk delete',
        () => call('POST', '/auth/admin/users/bulk', headers, { action: 'delete', ids: [user.id] }),
      ],
      [
        'delete errors by date',
        () => call('POST', '/storage/api/v1/admin/errors/delete-range', headers, { to: '2001-01-31' }),
      ],
      [
        'delete a bucket with its files',
        () => call('DELETE', `/storage/api/v1/admin/buckets/${bucket.id}?confirm_files=1`, headers),
      ],
      ['delete a group', () => call('DELETE', `/auth/admin/groups/${spare.id}`, headers)],
    ];
  }

  it('lets a fresh sign-in act, then asks again after five minutes, on every dangerous action', async () => {
    const { headers } = await plainAdmin();
    const calls = await dangerousCalls(headers);
    t.time.advance(STEP_UP_SECONDS + 1);
    for (const [name, act] of calls) {
      const refused = await act();
      expect(refused.statusCode, `${name}: ${refused.body}`).toBe(403);
      expectStepUpRequired(refused);
    }
  });

  it('changes nothing it refuses, and does each action once the factor is confirmed', async () => {
    const { admin, headers, password } = await plainAdmin();
    const calls = await dangerousCalls(headers);
    t.time.advance(STEP_UP_SECONDS + 1);
    const keysBefore = await t.db.selectFrom('api_keys').selectAll().orderBy('service').execute();
    expectStepUpRequired(await call('POST', '/auth/admin/settings/regenerate-api-keys', headers));
    expect(await t.db.selectFrom('api_keys').selectAll().orderBy('service').execute()).toEqual(keysBefore);

    const confirmed = await call('POST', '/auth/admin/step-up', headers, { password });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(Date.parse(confirmed.json<{ confirmed_until: string }>().confirmed_until)).toBe(
      t.time.clock().getTime() + STEP_UP_SECONDS * 1000,
    );
    for (const [name, act] of calls) {
      const done = await act();
      expect(done.statusCode, `${name}: ${done.body}`).toBeLessThan(300);
    }
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('admin_id', '=', admin.id)
      .where('action', '=', 'action')
      .execute();
    expect(audit.map((row) => row.detail)).toContainEqual({ name: 'step-up', confirmed_with: 'password' });
  });

  it('leaves the ordinary edits alone, however old the sign-in', async () => {
    const { headers } = await plainAdmin();
    const { admin: other } = await createAdmin(t.db, { groups: ['superadmin'] });
    const { user } = await createUser(t.db);
    // Older than the step-up window, younger than the access token.
    t.time.advance(STEP_UP_SECONDS * 2);
    const edited = await call('PUT', `/auth/admin/admins/${other.id}`, headers, {
      ...adminBody(other),
      first_name: 'Lesya',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const status = await call('POST', '/auth/admin/users/bulk', headers, {
      action: 'setStatus',
      value: 2,
      ids: [user.id],
    });
    expect(status.statusCode, status.body).toBe(200);
  });

  it('asks for a valid body before it asks for the factor', async () => {
    const { headers } = await plainAdmin();
    t.time.advance(STEP_UP_SECONDS + 1);
    const malformed = await call('POST', '/storage/api/v1/admin/errors/delete-range', headers, {
      to: 'soon',
    });
    expect(malformed.statusCode).toBe(422);
  });

  it('takes a code, or a recovery code, from an admin with a factor, and not the password', async () => {
    const { admin, password, secret, recoveryCodes } = await enrolledAdmin(t);
    const { mfa_token } = await challenge(t, admin.email, password);
    const signedIn = await secondStep(t, { mfa_token, code: codeFor(secret, t.time.clock()) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const headers = bearer(signedIn.json<TokenPair>());
    t.time.advance(STEP_UP_SECONDS + 1);
    expectStepUpRequired(await call('POST', '/auth/admin/settings/regenerate-api-keys', headers));

    const byPassword = await call('POST', '/auth/admin/step-up', headers, { password });
    expect(byPassword.statusCode, byPassword.body).toBe(422);
    expect(byPassword.json()).toEqual({
      message: { password: ['You have a second factor: confirm with its code, not the password'] },
    });
    const [wrong] = wrongCodes(secret, t.time.clock(), 1);
    const byWrongCode = await call('POST', '/auth/admin/step-up', headers, { code: wrong });
    expect(byWrongCode.statusCode).toBe(422);
    expectStepUpRequired(await call('POST', '/auth/admin/settings/regenerate-api-keys', headers));

    t.time.advance(30);
    const byCode = await call('POST', '/auth/admin/step-up', headers, {
      code: codeFor(secret, t.time.clock()),
    });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect((await call('POST', '/auth/admin/settings/regenerate-api-keys', headers)).statusCode).toBe(200);

    t.time.advance(STEP_UP_SECONDS + 1);
    expectStepUpRequired(await call('POST', '/auth/admin/settings/regenerate-api-keys', headers));
    const byRecovery = await call('POST', '/auth/admin/step-up', headers, {
      recovery_code: recoveryCodes[0],
    });
    expect(byRecovery.statusCode, byRecovery.body).toBe(200);
    expect((await call('POST', '/auth/admin/settings/regenerate-api-keys', headers)).statusCode).toBe(200);
    // A recovery code is spent by the step-up like anywhere else.
    expect(
      (await call('POST', '/auth/admin/step-up', headers, { recovery_code: recoveryCodes[0] })).statusCode,
    ).toBe(422);
  });

  it('refuses bad step-up bodies with 422 keyed by field, and strangers with 401', async () => {
    const { headers } = await plainAdmin();
    for (const payload of [
      {},
      { code: '12' },
      { code: '123456', password: 'x' },
      { recovery_code: 'not a code' },
    ]) {
      const response = await call('POST', '/auth/admin/step-up', headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(typeof response.json().message).toBe('object');
    }
    expect((await call('POST', '/auth/admin/step-up', { Lang: 'en-US' }, { password: 'x' })).statusCode).toBe(
      401,
    );
  });

  it('keeps a member of a group that requires a factor to enrolment until they set one up', async () => {
    const group = await createGroup(t.db, `strict-${kind}`, [{ resource: 'auth.users', action: 'list' }]);
    await t.db.updateTable('admin_groups').set({ mfa_required: true }).where('id', '=', group.id).execute();
    const { admin, password } = await createAdmin(t.db, { groups: [group.name] });
    const headers = bearer(await signIn(t, admin.email, password));

    const users = await call('GET', '/auth/admin/users', headers);
    expect(users.statusCode).toBe(403);
    expect(users.json()).toEqual({
      error: expect.stringMatching(/requires a second factor/),
      code: 'mfa_enrollment_required',
    });
    for (const url of ['/auth/admin/profile', '/auth/admin/sessions', '/auth/admin/dashboard']) {
      expect((await call('GET', url, headers)).json(), url).toMatchObject({
        code: 'mfa_enrollment_required',
      });
    }
    const permissions = await call('GET', '/auth/admin/me/permissions', headers);
    expect(permissions.json()).toMatchObject({ mfa_enrollment_required: true });
    expect((await call('GET', '/auth/admin/profile-basic', headers)).statusCode).toBe(200);
    expect((await call('GET', '/auth/admin/mfa', headers)).statusCode).toBe(200);

    const setup = await call('POST', '/auth/admin/mfa/totp/setup', headers, { password });
    expect(setup.statusCode, setup.body).toBe(200);
    const { secret } = setup.json<{ secret: string }>();
    const confirmed = await call('POST', '/auth/admin/mfa/totp/confirm', headers, {
      code: codeFor(secret, t.time.clock()),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The same sign-in goes on: it has just passed the factor.
    expect((await call('GET', '/auth/admin/users', headers)).statusCode).toBe(200);
    expect((await call('GET', '/auth/admin/me/permissions', headers)).json()).toMatchObject({
      mfa_enrollment_required: false,
    });
  });

  it('applies a new requirement at once to a member signed in with the password alone', async () => {
    const group = await createGroup(t.db, `later-${kind}`, [{ resource: 'auth.users', action: 'list' }]);
    const { admin, password } = await createAdmin(t.db, { groups: [group.name] });
    const headers = bearer(await signIn(t, admin.email, password));
    expect((await call('GET', '/auth/admin/users', headers)).statusCode).toBe(200);

    const root = await plainAdmin();
    const required = await call('PUT', `/auth/admin/groups/${group.id}`, root.headers, {
      name: group.name,
      grants: [{ resource: 'auth.users', action: 'list' }],
      mfa_required: true,
    });
    expect(required.statusCode, required.body).toBe(200);
    expect(required.json()).toMatchObject({ mfa_required: true });
    expect((await call('GET', '/auth/admin/users', headers)).json()).toMatchObject({
      code: 'mfa_enrollment_required',
    });
  });
});

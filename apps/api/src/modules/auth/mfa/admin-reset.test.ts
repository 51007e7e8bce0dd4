import type { MfaResetResult, TokenPair } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWithGrants, createAdmin, signIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { bearer, enrolledAdmin } from './mfa.test-support.js';

/** An administrator resets another's second factor: with the grant and a fresh factor, audited, e-mailed. */
describe.each(testDatabaseKinds())("resetting another administrator's second factor on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t?.close());

  const reset = (targetId: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/auth/admin/admins/${targetId}/mfa-reset`, headers });

  async function superadmin() {
    const { admin, password } = await createAdmin(t.db, { firstName: 'Emily', lastName: 'Carter' });
    return { admin, headers: bearer(await signIn(t, admin.email, password)) };
  }

  it('removes the factor, signs the target out everywhere, e-mails them and writes the audit log', async () => {
    const target = await enrolledAdmin(t);
    const { admin: actor, headers } = await superadmin();
    const response = await reset(target.admin.id, headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<MfaResetResult>()).toEqual({
      removed_totp: true,
      removed_recovery_codes: 10,
      ended_sessions: 1,
    });
    // The target's open sign-in is over, and the password alone signs them in now.
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/admin/mfa', headers: target.headers })).statusCode,
    ).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: target.admin.email, password: target.password },
    });
    expect(again.json<TokenPair>().access_token).toEqual(expect.any(String));

    const mail = await t.db
      .selectFrom('email_queue')
      .select(['template_name', 'body_html'])
      .where('email_to', '=', target.admin.email)
      .executeTakeFirstOrThrow();
    expect(mail.template_name).toBe('mfa-reset');
    expect(mail.body_html).toContain(`Emily Carter &lt;${actor.email}&gt;`);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['admin_id', 'record_id', 'detail'])
      .where('action', '=', 'action')
      .where('record_id', '=', String(target.admin.id))
      .execute();
    expect(audit).toContainEqual({
      admin_id: actor.id,
      record_id: String(target.admin.id),
      detail: { name: 'mfa-reset', removed_totp: true, removed_recovery_codes: 10, ended_sessions: 1 },
    });
  });

  it('needs a fresh factor of the one who resets, and changes nothing without it', async () => {
    const target = await enrolledAdmin(t);
    const { headers } = await superadmin();
    t.time.advance(301);
    const refused = await reset(target.admin.id, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'step_up_required' });
    const totp = await t.db
      .selectFrom('admin_totp')
      .select('admin_id')
      .where('admin_id', '=', target.admin.id)
      .execute();
    expect(totp).toHaveLength(1);
  });

  it('needs its own grant, and is no way round the profile for one’s own factor', async () => {
    const target = await enrolledAdmin(t);
    const editor = await adminWithGrants(t, [{ resource: 'auth.admins', action: 'update' }]);
    expect((await reset(target.admin.id, editor.headers)).statusCode).toBe(403);
    const granted = await adminWithGrants(t, [{ resource: 'auth.admins', action: 'admins.reset-mfa' }]);
    expect((await reset(target.admin.id, granted.headers)).statusCode).toBe(200);

    const own = await reset(granted.admin.id, granted.headers);
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({ message: 'Your own second factor is changed in your profile, not here' });
    expect((await reset(987_654, granted.headers)).statusCode).toBe(404);
    expect((await reset(Number.NaN, granted.headers)).statusCode).toBe(404);
  });
});

import type { Admin } from '@pult/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '../../lib/tokens.js';
import { adminHeaders, createAdmin } from '../../test/factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const ADMINS = '/auth/admin/admins';

describe.each(testDatabaseKinds())('reset and invitation codes on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  /** An administrator with an unused code, as recovery or an import's invitation stores it. */
  const adminWithCode = async (email: string) => {
    const { admin } = await createAdmin(t.db, { email, groups: [] });
    const code = randomToken();
    await t.db
      .insertInto('password_reset_codes')
      .values({ admin_id: admin.id, code_hash: sha256(code), expires_at: new Date('2100-01-01T00:00:00Z') })
      .execute();
    return { admin, code };
  };
  const changePassword = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/admin/change-password',
      payload: { code, password: 'code-pass-123', password_repeat: 'code-pass-123' },
      headers: { Lang: 'en-US' },
    });
  /** The form's update: the administrator as the panel shows them, with `changes`. */
  const saveForm = async (id: number, changes: Record<string, unknown>) => {
    const current = (await t.app.inject({ method: 'GET', url: `${ADMINS}/${id}`, headers })).json<Admin>();
    const { email, first_name, last_name, language, status, groups } = current;
    const response = await t.app.inject({
      method: 'PUT',
      url: `${ADMINS}/${id}`,
      headers,
      payload: { email, first_name, last_name, language, status, groups, ...changes },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const setStatusInBulk = async (id: number, value: number) => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${ADMINS}/bulk`,
      headers,
      payload: { action: 'setStatus', value, ids: [id] },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('a code dies when the e-mail it was sent to is corrected in the form', async () => {
    const { admin, code } = await adminWithCode('typo@codes.tset');
    await saveForm(admin.id, { email: 'typo@codes.test' });
    expect((await changePassword(code)).statusCode).toBe(422);
  });

  it('a code dies when its administrator is locked and unlocked, in the form or in bulk', async () => {
    const form = await adminWithCode('form-lock@codes.test');
    await saveForm(form.admin.id, { status: 2 });
    await saveForm(form.admin.id, { status: 1 });
    expect((await changePassword(form.code)).statusCode).toBe(422);

    const bulk = await adminWithCode('bulk-lock@codes.test');
    await setStatusInBulk(bulk.admin.id, 2);
    await setStatusInBulk(bulk.admin.id, 1);
    expect((await changePassword(bulk.code)).statusCode).toBe(422);
  });

  it('a code survives other changes: a name, the same e-mail in other letters, an active status again', async () => {
    const { admin, code } = await adminWithCode('kept@codes.test');
    await saveForm(admin.id, { first_name: 'Marko', email: 'Kept@Codes.test' });
    await setStatusInBulk(admin.id, 1);
    const changed = await changePassword(code);
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('a change by hand in SQL spends the codes too', async () => {
    const { admin, code } = await adminWithCode('by-hand@codes.test');
    await sql`update admins set email = 'by-hand2@codes.test' where id = ${admin.id}`.execute(t.db);
    const spent = await t.db
      .selectFrom('password_reset_codes')
      .select('used_at')
      .where('code_hash', '=', sha256(code))
      .executeTakeFirstOrThrow();
    expect(spent.used_at).toBeInstanceOf(Date);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminProfileBasic, renewAdmin, signIn } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { enrolledAdmin } from './mfa.test-support.js';
import { resetAdminFactors } from './operator-reset.js';

describe.each(testDatabaseKinds())(
  'operator reset of a lost second factor (npm run mfa:reset) on %s',
  (kind) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind);
    });
    afterAll(() => t?.close());

    it('removes the factors, ends every session, is audited; the admin signs in with the password again', async () => {
      const { admin, password, headers } = await enrolledAdmin(t);
      const token = headers.authorization.replace('Bearer ', '');

      const result = await resetAdminFactors(t.db, admin.email.toUpperCase(), 'operator-ann', t.time.clock());
      expect(result).toEqual({
        adminId: admin.id,
        email: admin.email,
        removedTotp: true,
        removedRecoveryCodes: 10,
        endedSessions: 1,
      });
      expect((await adminProfileBasic(t, token)).statusCode).toBe(401);
      const entry = await t.db
        .selectFrom('audit_log')
        .selectAll()
        .where('record_id', '=', String(admin.id))
        .where('action', '=', 'action')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry).toMatchObject({ admin_id: null, resource: 'admins', user_agent: 'npm run mfa:reset' });
      expect(entry.detail).toMatchObject({ name: 'mfa-reset', operator: 'operator-ann', removed_totp: true });

      const pair = await signIn(t, admin.email, password);
      expect(pair.access_token).toBeTruthy();
      expect((await renewAdmin(t, pair.refresh_token)).statusCode).toBe(200);
      expect(
        await resetAdminFactors(t.db, 'nobody@pult.test', 'operator-ann', t.time.clock()),
      ).toBeUndefined();
    });
  },
);

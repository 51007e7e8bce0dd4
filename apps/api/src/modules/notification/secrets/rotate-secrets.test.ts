import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../lib/secret-box.js';
import { loadSecretBox } from '../../../lib/secret-box-file.js';
import { adminHeaders } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { pushBody, smsBody, smtpBody } from '../configs/config-bodies.test-support.js';
import { rotateSecrets, SEALED_COLUMNS } from './rotate-secrets.js';

/** `npm run secrets:rotate`: every sealed value moves to the new key, or none does. */
describe('secret rotation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const headers = await adminHeaders(t);
    for (const [path, body] of [
      ['smtp-configs', smtpBody()],
      [
        'sms-configs',
        smsBody({ provider: 'aws_sns', config_json: { region: 'eu-central-1', session_token: 'sts-9' } }),
      ],
      ['push-configs', pushBody()],
    ] as const) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/notification/api/v1/admin/${path}`,
        headers,
        payload: body,
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    // An administrator's authenticator secret (the recovery-code key is made at start-up).
    const box = await loadSecretBox(t.config);
    const admin = await t.db.selectFrom('admins').select('id').executeTakeFirstOrThrow();
    await t.db
      .insertInto('admin_totp')
      .values({ admin_id: admin.id, secret_sealed: box.seal('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') })
      .execute();
  });
  afterAll(() => t?.close());

  const sealedValues = async () => {
    const values: string[] = [];
    for (const { table, column } of SEALED_COLUMNS) {
      const rows = await t.db
        .selectFrom(table as 'smtp_configs')
        .select(column as 'password_encrypted')
        .execute();
      for (const row of rows) {
        const value = (row as Record<string, string | null>)[column];
        if (value) values.push(value);
      }
    }
    return values;
  };

  it('re-seals every secret of every module under the new key in one go', async () => {
    const current = await loadSecretBox(t.config);
    const next = createSecretBox(randomBytes(32));
    const before = await sealedValues();
    const plain = before.map((value) => current.open(value));
    // SMTP password, SMS secret and session token, push key, signing key, storage key, an
    // authenticator secret, the recovery-code key.
    expect(before.length).toBeGreaterThanOrEqual(8);
    const tables = new Set(SEALED_COLUMNS.map((sealed) => sealed.table));
    expect(tables).toContain('admin_totp');
    expect(tables).toContain('auth_keys');

    const count = await rotateSecrets(t.db, current, next);
    expect(count).toBe(before.length);
    const after = await sealedValues();
    expect(after.map((value) => next.open(value))).toEqual(plain);
    for (const value of after) expect(() => current.open(value)).toThrow();

    // Rotating back with a wrong "current" key changes nothing.
    const stranger = createSecretBox(randomBytes(32));
    await expect(rotateSecrets(t.db, stranger, current)).rejects.toThrow(
      /does not open with the current key/,
    );
    expect(await sealedValues()).toEqual(after);
  });
});

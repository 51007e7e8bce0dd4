import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../lib/secret-box.js';
import { loadSecretBox } from '../../lib/secret-box-file.js';
import { createAdmin } from '../../test/factories.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

// Each test builds its own app (its own SMTP settings), migrations included: more than the default 30 s on a busy machine.
describe('e-mail delivery channels', { timeout: 90_000 }, () => {
  let t: TestApp | undefined;
  const sinks: SmtpSink[] = [];
  afterEach(async () => {
    await t?.close();
    for (const sink of sinks.splice(0)) await sink.close();
  });

  const requestRecovery = (app: TestApp, email: string) =>
    app.app.inject({ method: 'POST', url: '/auth/admin/recover-password-request', payload: { email } });

  it('writes an .eml file to DATA_DIR/outbox when no SMTP server is configured', async () => {
    t = await createTestApp('pglite');
    const { admin } = await createAdmin(t.db);
    await requestRecovery(t, admin.email);
    expect(await t.deliverEmails()).toBe(1);
    const outbox = path.join(t.dataDir, 'outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(path.join(outbox, files[0]!)));
    expect(mail.to).toMatchObject({ text: admin.email });
    expect(mail.text).toMatch(/\/change-password\?code=[\w-]{20,}/);
  });

  it('prefers the stored default SMTP configuration over SMTP_URL, with its password sealed at rest', async () => {
    const fallback = await startSmtpSink();
    const stored = await startSmtpSink();
    sinks.push(fallback, stored);
    t = await createTestApp('pglite', { SMTP_URL: fallback.url });
    const secretBox = await loadSecretBox(t.config);
    await t.db
      .insertInto('smtp_configs')
      .values({
        name: 'Primary relay',
        host: '127.0.0.1',
        port: stored.port,
        username: null,
        password_encrypted: secretBox.seal('relay-secret'),
        encryption: 'none',
        from_address: 'noreply@platform.test',
        from_name: 'Platform',
        is_default: true,
      })
      .execute();
    const { admin } = await createAdmin(t.db);
    await requestRecovery(t, admin.email);
    await t.deliverEmails();
    const mail = await stored.waitFor(1);
    expect(mail.from?.text).toBe('"Platform" <noreply@platform.test>');
    expect(fallback.messages).toHaveLength(0);
    const row = await t.db.selectFrom('smtp_configs').select('password_encrypted').executeTakeFirstOrThrow();
    expect(row.password_encrypted).not.toContain('relay-secret');
  });

  it('backs a message off instead of leaving it claimed when the stored SMTP password cannot be opened', async () => {
    t = await createTestApp('pglite');
    const otherKey = createSecretBox(randomBytes(32));
    await t.db
      .insertInto('smtp_configs')
      .values({
        name: 'Relay sealed under another key',
        host: '127.0.0.1',
        port: 2525,
        username: 'relay',
        password_encrypted: otherKey.seal('relay-secret'),
        encryption: 'none',
        from_address: 'noreply@platform.test',
        is_default: true,
      })
      .execute();
    const { admin } = await createAdmin(t.db);
    await requestRecovery(t, admin.email);
    await t.deliverEmails();
    const row = await t.db.selectFrom('email_queue').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lease_until: null, claim_token: null });
    expect(row.last_error).not.toBeNull();
  });
});

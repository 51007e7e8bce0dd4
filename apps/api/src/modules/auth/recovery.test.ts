import { RATE_LIMIT_MESSAGE } from '@pult/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAdmin, signIn } from '../../test/factories.js';
import { recoveryCodeFrom, type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('password recovery on %s', (kind) => {
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(() => smtp.close());
  beforeEach(async () => {
    smtp.messages.length = 0;
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://panel.test:8080' });
  });
  afterEach(() => t.close());

  const requestRecovery = (email: string, lang = 'en-US') =>
    t.app.inject({
      method: 'POST',
      url: '/auth/admin/recover-password-request',
      payload: { email },
      headers: { Lang: lang },
    });
  const changePassword = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/auth/admin/change-password', payload, headers: { Lang: 'en-US' } });

  it('mails a single-use link, changes the password and ends every sign-in', async () => {
    const { admin, password } = await createAdmin(t.db);
    const session = await signIn(t, admin.email, password);

    const response = await requestRecovery(admin.email, 'uk-UA');
    expect(response.statusCode).toBe(200);
    await t.deliverEmails();
    const mail = await smtp.waitFor(1);
    expect(mail.to).toMatchObject({ text: admin.email });
    expect(mail.subject).toMatch(/Відновлення пароля/);
    expect(mail.text).toContain('http://panel.test:8080/change-password?code=');
    const code = recoveryCodeFrom(mail);

    const stored = await t.db.selectFrom('password_reset_codes').select('code_hash').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.code_hash).not.toBe(code);
    const queued = await t.db.selectFrom('email_queue').selectAll().executeTakeFirstOrThrow();
    expect(queued).toMatchObject({
      status: 'sent',
      attempts: 1,
      body_text: null,
      template_name: 'password-recovery',
    });

    const changed = await changePassword({
      code,
      password: 'brand-new-pass',
      password_repeat: 'brand-new-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ message: 'The password has been changed.' });
    const audited = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'password_change')
      .executeTakeFirstOrThrow();
    expect(audited).toMatchObject({ admin_id: admin.id, admin_email: admin.email, resource: 'admins' });
    expect(JSON.stringify(audited.changes)).not.toContain('brand-new-pass');

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    const oldPassword = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: admin.email, password },
    });
    expect(oldPassword.statusCode).toBe(422);
    await signIn(t, admin.email, 'brand-new-pass');

    const again = await changePassword({
      code,
      password: 'another-pass-1',
      password_repeat: 'another-pass-1',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ message: { code: ['Invalid or expired code'] } });
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const { admin } = await createAdmin(t.db);
    const known = await requestRecovery(admin.email);
    const unknown = await requestRecovery('ghost@pult.test');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    await t.deliverEmails();
    await smtp.waitFor(1);
    expect(smtp.messages).toHaveLength(1);
  });

  it('refuses an expired code (15 minutes)', async () => {
    const { admin } = await createAdmin(t.db);
    await requestRecovery(admin.email);
    await t.deliverEmails();
    const code = recoveryCodeFrom(await smtp.waitFor(1));
    t.time.advance(15 * 60 + 1);
    const response = await changePassword({
      code,
      password: 'brand-new-pass',
      password_repeat: 'brand-new-pass',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message.code).toEqual(['Invalid or expired code']);
  });

  it('keys validation errors by code, password and password_repeat', async () => {
    const short = await changePassword({ code: 'x', password: 'short', password_repeat: 'other' });
    expect(short.statusCode).toBe(422);
    expect(short.json().message.password).toEqual(['Password must be at least 8 characters long']);
    const mismatch = await changePassword({
      code: 'x',
      password: 'long-enough-1',
      password_repeat: 'long-enough-2',
    });
    expect(mismatch.json().message).toEqual({ password_repeat: ['Passwords do not match'] });
    const empty = await changePassword({ code: '', password: '', password_repeat: '' });
    expect(Object.keys(empty.json().message).sort()).toEqual(['code', 'password', 'password_repeat']);
    const badEmail = await requestRecovery('not-an-email');
    expect(badEmail.json()).toEqual({ message: { email: ['E-mail must be valid'] } });
  });

  it('limits requests with the Ukrainian rate-limit text, for unknown e-mails too', async () => {
    for (let i = 0; i < 3; i++) expect((await requestRecovery('ghost@pult.test')).statusCode).toBe(200);
    const limited = await requestRecovery('ghost@pult.test', 'en-US');
    expect(limited.statusCode).toBe(422);
    expect(limited.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
  });
});

describe('e-mail delivery failures', () => {
  it('keeps a failed message pending with its error, then marks it failed after the last attempt', async () => {
    const smtp = await startSmtpSink({ rejectWith: 'Mailbox unavailable' });
    const t = await createTestApp('pglite', { SMTP_URL: smtp.url });
    try {
      const { admin } = await createAdmin(t.db);
      await t.app.inject({
        method: 'POST',
        url: '/auth/admin/recover-password-request',
        payload: { email: admin.email },
      });
      await t.deliverEmails();
      let row = await t.db.selectFrom('email_queue').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/Mailbox unavailable/);
      expect(row.body_text).toContain('change-password?code=');
      for (let attempt = 2; attempt <= 5; attempt++) {
        t.time.advance(3600);
        await t.deliverEmails();
      }
      row = await t.db.selectFrom('email_queue').selectAll().executeTakeFirstOrThrow();
      // The dead letter keeps its body, so an administrator can retry it.
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
      expect(row.body_text).toContain('change-password?code=');
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});

describe('recovery response timing', () => {
  it('answers known and unknown e-mails no sooner than the same floor', async () => {
    const t = await createTestApp('pglite');
    try {
      const { admin } = await createAdmin(t.db);
      const timed = async (email: string) => {
        const started = performance.now();
        await t.app.inject({
          method: 'POST',
          url: '/auth/admin/recover-password-request',
          payload: { email },
        });
        return performance.now() - started;
      };
      expect(await timed(admin.email)).toBeGreaterThanOrEqual(245);
      expect(await timed('ghost@pult.test')).toBeGreaterThanOrEqual(245);
    } finally {
      await t.close();
    }
  });
});

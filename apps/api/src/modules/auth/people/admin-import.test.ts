import type { ImportReport } from '@pult/contract';
import { sql } from 'kysely';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, adminWithGrants, createAdmin, createGroup, signIn } from '../../../test/factories.js';
import { recoveryCodeFrom, type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';

const ADMINS = '/auth/admin/admins';
const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000;

describe.each(testDatabaseKinds())('CSV import of administrators on %s', (kind) => {
  let smtp: SmtpSink;
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://panel.test:8080' });
    headers = await adminHeaders(t, 'en-US');
    await createGroup(t.db, 'support', [{ resource: 'auth.users', action: 'list' }]);
    await createGroup(t.db, 'ops', []);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const importCsv = (body: string, query: string, as: Record<string, string> = headers) =>
    t.app.inject({
      method: 'POST',
      url: `${ADMINS}/import?${query}`,
      headers: { ...as, 'content-type': 'text/csv' },
      payload: body,
    });
  const report = async (body: string, query: string, as?: Record<string, string>) => {
    const response = await importCsv(body, query, as);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportReport>();
  };
  const adminsLike = (pattern: string) =>
    t.db.selectFrom('admins').selectAll().where('email', 'ilike', pattern).orderBy('email').execute();
  const codesOf = (pattern: string) =>
    t.db
      .selectFrom('password_reset_codes as c')
      .innerJoin('admins as a', 'a.id', 'c.admin_id')
      .select(['a.email', 'c.code_hash', 'c.expires_at', 'c.created_at'])
      .where('a.email', 'ilike', pattern)
      .execute();
  const invitationsTo = (pattern: string) =>
    t.db
      .selectFrom('email_queue')
      .select(['email_to', 'language', 'template_name'])
      .where('template_name', '=', 'admin-invitation')
      .where('email_to', 'ilike', pattern)
      .orderBy('email_to')
      .execute();
  /** The mail delivered to `address` (the queue is delivered first). */
  const mailTo = async (address: string): Promise<ParsedMail> => {
    await t.deliverEmails();
    const wanted = address.toLowerCase();
    const found = () =>
      smtp.messages.find((mail) =>
        JSON.stringify(mail.to ?? '')
          .toLowerCase()
          .includes(wanted),
      );
    for (let count = 1; !found(); count += 1) await smtp.waitFor(count);
    return found() as ParsedMail;
  };
  const changePassword = (code: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/admin/change-password',
      payload: { code, password, password_repeat: password },
      headers: { Lang: 'en-US' },
    });

  it('a dry run, and a commit rolled back by a rejected row, store no code and queue no e-mail', async () => {
    const file = 'email,first_name,last_name\ndry1@invite.test,Olena,Nova\ndry2@invite.test,Petro,\n';
    const dry = await report(file, 'mode=dry-run');
    expect(dry.counts).toMatchObject({ rows: 2, create: 1, rejected: 1 });
    const rolledBack = await report(file, 'mode=commit&rows=all');
    expect(rolledBack.committed).toBe(false);
    expect(await adminsLike('dry%')).toEqual([]);
    expect(await codesOf('dry%')).toEqual([]);
    expect(await invitationsTo('dry%')).toEqual([]);
  });

  it('creates administrators without a password and invites each by e-mail to set one', async () => {
    const file = [
      'E-mail;First name;Last name;Language;Groups',
      'new1@invite.test;Olena;Nova;en-US;support',
      'NEW2@Invite.test;Petro;Sad;;',
    ].join('\r\n');
    const done = await report(file, 'mode=commit', { ...headers, Lang: 'uk-UA' });
    expect(done.counts).toMatchObject({ create: 2, rejected: 0 });
    expect(done.committed).toBe(true);
    const created = await adminsLike('%@invite.test');
    expect(created.map((admin) => [admin.email, admin.groups, admin.password_hash])).toEqual([
      ['NEW2@Invite.test', [], '!imported'],
      ['new1@invite.test', ['support'], '!imported'],
    ]);
    const codes = await codesOf('%@invite.test');
    expect(codes).toHaveLength(2);
    for (const code of codes) {
      expect(code.expires_at.getTime() - code.created_at.getTime()).toBe(SEVEN_DAYS_MS);
    }
    // The file's language, else the importer's.
    expect(await invitationsTo('%@invite.test')).toEqual([
      { email_to: 'NEW2@Invite.test', language: 'uk-UA', template_name: 'admin-invitation' },
      { email_to: 'new1@invite.test', language: 'en-US', template_name: 'admin-invitation' },
    ]);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('resource', '=', 'admins')
      .where('action', '=', 'bulk')
      .execute();
    expect(audit).toHaveLength(1);

    const ukrainian = await mailTo('NEW2@Invite.test');
    expect(ukrainian.subject).toMatch(/Запрошення до панелі адміністратора/);
    const mail = await mailTo('new1@invite.test');
    expect(mail.subject).toMatch(/Invitation to the administrator panel/);
    expect(mail.text).toContain('invites you to the administrator panel');
    expect(mail.text).toContain('http://panel.test:8080/change-password?code=');
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/signin',
      payload: { email: 'new1@invite.test', password: '!imported' },
    });
    expect(noPassword.statusCode).toBe(422);
    const changed = await changePassword(recoveryCodeFrom(mail), 'invited-pass-1');
    expect(changed.statusCode, changed.body).toBe(200);
    const session = await signIn(t, 'new1@invite.test', 'invited-pass-1');
    expect(session.access_token).toEqual(expect.any(String));
    expect((await changePassword(recoveryCodeFrom(mail), 'invited-pass-2')).statusCode).toBe(422);
  });

  it('invites only an active administrator, and a code stops working once its administrator is locked', async () => {
    const file =
      'email,first_name,last_name,status\nlocked@gate.test,L,K,Locked\nactive@gate.test,A,C,Active\n';
    expect((await report(file, 'mode=commit')).counts.create).toBe(2);
    expect((await codesOf('%@gate.test')).map((code) => code.email)).toEqual(['active@gate.test']);
    expect((await invitationsTo('%@gate.test')).map((mail) => mail.email_to)).toEqual(['active@gate.test']);
    const code = recoveryCodeFrom(await mailTo('active@gate.test'));
    await report('email,status\nactive@gate.test,Locked\n', 'mode=commit&onConflict=update');
    const refused = await changePassword(code, 'invited-pass-1');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ message: { code: [expect.any(String)] } });
  });

  it('lists in its audit entry each administrator it creates and each change of groups or status', async () => {
    const { admin } = await createAdmin(t.db, { email: 'member@audit.test', groups: [] });
    const file = [
      'email,first_name,last_name,groups,status',
      'member@audit.test,Taras,Shevchenko,ops,Active',
      'fresh@audit.test,Fresh,Admin,support,Active',
    ].join('\n');
    expect((await report(file, 'mode=commit&onConflict=update')).counts).toMatchObject({
      create: 1,
      update: 1,
    });
    const entry = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('resource', '=', 'admins')
      .where('action', '=', 'bulk')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const detail = entry.detail as { records: { id?: unknown }[] };
    expect(detail.records).toEqual([
      {
        key: { email: 'fresh@audit.test' },
        op: 'create',
        changes: [
          { field: 'groups', before: null, after: ['support'] },
          { field: 'status', before: null, after: 1 },
        ],
      },
      {
        key: { email: 'member@audit.test' },
        op: 'update',
        id: expect.anything(),
        changes: [{ field: 'groups', before: [], after: ['ops'] }],
      },
    ]);
    expect(String(detail.records[1]?.id)).toBe(String(admin.id));
    // The invitation's code is the new administrator's secret: never in the log.
    expect(JSON.stringify(detail)).not.toMatch(/code/i);
  });

  it('refuses a password column', async () => {
    const secret = await importCsv(
      'email,first_name,last_name,Password\na@secret.test,A,B,x\n',
      'mode=dry-run',
    );
    expect(secret.statusCode).toBe(422);
    expect(secret.json()).toEqual({
      message: 'Column "Password" holds a secret; secrets are never imported',
    });
  });

  it.each([
    ['en-US', 'No such group: nosuch', 'You can grant only what you hold yourself: auth.users — list'],
    ['uk-UA', 'Такої групи немає: nosuch', 'Надавати можна лише те, що маєте самі: auth.users — list'],
  ] as const)(
    'rejects row by row, in %s, a group that does not exist or grants more than the importer holds',
    async (lang, unknown, notHeld) => {
      const limited = await adminWithGrants(
        t,
        [
          { resource: 'auth.admins', action: 'create' },
          { resource: 'auth.admins', action: 'update' },
        ],
        lang,
      );
      const domain = `${lang.toLowerCase()}.rules.test`;
      const file = [
        'email,first_name,last_name,groups',
        `unknown@${domain},A,B,nosuch`,
        `escalate@${domain},A,B,support`,
        `plain@${domain},A,B,ops`,
        `${limited.admin.email},A,B,ops`,
      ].join('\n');
      const result = await report(file, 'mode=commit&rows=valid&onConflict=update', limited.headers);
      expect(result.counts).toMatchObject({ create: 1, rejected: 3 });
      const own = lang === 'en-US' ? 'You cannot change your own groups' : 'Не можна змінювати власні групи';
      expect(result.rejected.map((row) => [row.line, row.errors])).toEqual([
        [2, { groups: [unknown] }],
        [3, { groups: [notHeld] }],
        [5, { groups: [own] }],
      ]);
      expect((await adminsLike(`%@${domain}`)).map((admin) => [admin.email, admin.groups])).toEqual([
        [`plain@${domain}`, ['ops']],
      ]);
      const self = await t.db
        .selectFrom('admins')
        .select('groups')
        .where('id', '=', limited.admin.id)
        .executeTakeFirstOrThrow();
      expect(self.groups).toEqual([limited.group.name]);
    },
  );

  it('refuses a commit that would leave superadmin without an active member, writing nothing', async () => {
    const other = await createAdmin(t.db, { email: 'second@super.test' });
    const limited = await adminWithGrants(t, [
      { resource: 'auth.admins', action: 'create' },
      { resource: 'auth.admins', action: 'update' },
    ]);
    const supers = await t.db
      .selectFrom('admins')
      .select('email')
      .where(sql<boolean>`'superadmin' = any(groups)`)
      .where('status', '=', 1)
      .execute();
    expect(supers.map((admin) => admin.email)).toContain(other.admin.email);
    const file = ['email,groups', ...supers.map((admin) => `${admin.email},ops`)].join('\n');
    const dry = await report(file, 'mode=dry-run&onConflict=update', limited.headers);
    expect(dry.counts.update).toBe(supers.length);
    const refused = await importCsv(file, 'mode=commit&onConflict=update', limited.headers);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      message: 'This is the last active member of superadmin: someone else must hold it first',
    });
    const after = await t.db
      .selectFrom('admins')
      .select('groups')
      .where('email', '=', TEST_ADMIN.email)
      .execute();
    expect(after).toEqual([{ groups: ['superadmin'] }]);
  });

  it('ends the sign-ins of an administrator the file locks, and refuses to lock the importer', async () => {
    const { admin, password } = await createAdmin(t.db, { email: 'lockme@status.test', groups: ['ops'] });
    const session = await signIn(t, admin.email, password);
    const result = await report(
      `email,status\n${admin.email},Locked\n${TEST_ADMIN.email},Locked\n`,
      'mode=commit&onConflict=update&rows=valid',
    );
    expect(result.counts).toMatchObject({ update: 1, rejected: 1 });
    expect(result.rejected[0]?.errors).toEqual({
      status: ['You cannot lock or deactivate your own account'],
    });
    const renew = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/refresh-token',
      payload: { refresh_token: session.refresh_token },
    });
    expect(renew.statusCode).toBe(401);
  });

  it('imports its own export back, and a second import of a file changes nothing', async () => {
    const file = 'email,first_name,last_name,groups,status\nagain@repeat.test,Ann,Again,ops,Active\n';
    expect((await report(file, 'mode=commit&onConflict=update')).counts.create).toBe(1);
    const again = await report(file, 'mode=commit&onConflict=update');
    expect(again.counts).toMatchObject({ rows: 1, create: 0, update: 0, unchanged: 1 });
    expect(await codesOf('%@repeat.test')).toHaveLength(1);
    const exported = await t.app.inject({
      method: 'GET',
      url: `${ADMINS}/export.csv?filter[email]=.test`,
      headers,
    });
    const back = await report(exported.body, 'mode=dry-run&onConflict=update');
    expect(back.rejected).toEqual([]);
    expect(back.counts.rows).toBeGreaterThan(5);
    expect(back.counts.unchanged).toBe(back.counts.rows);
  });

  it('asks for a step-up before a membership change, dry run or commit; other rows need none', async () => {
    t.time.advance(301);
    const file = 'email,first_name,last_name,groups\nstep@step.test,S,U,ops\n';
    for (const mode of ['dry-run', 'commit']) {
      const refused = await importCsv(file, `mode=${mode}`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'step_up_required' });
    }
    expect(await adminsLike('%@step.test')).toEqual([]);
    const plain = await report('email,first_name,last_name\nplain@step.test,P,L\n', 'mode=commit');
    expect(plain.counts.create).toBe(1);
    headers = await adminHeaders(t, 'en-US');
    expect((await report(file, 'mode=commit')).counts.create).toBe(1);
  });
});

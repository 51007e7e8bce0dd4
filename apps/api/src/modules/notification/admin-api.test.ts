import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTemplate, createTranslation } from '../../test/factories.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const BASE = '/notification/api/v1/admin';

/** The screens' endpoints: templates (with preview and test send), translations, the e-mail queue. */
describe.each(testDatabaseKinds())('notification admin API on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let headers: Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url, EMAIL_MAX_ATTEMPTS: '1' });
    headers = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const template = {
    name: 'invoice',
    type: 'email',
    subject: '{t:billing.subject} #{number}',
    content: '<h1>{t:billing.title}</h1><p>{t:billing.unknown}</p><p>Total: {total}</p>',
    email_config_id: null,
    priority: 3,
    is_active: true,
    sample_variables: { number: 17, total: '<100 UAH>' },
  };

  describe('templates', () => {
    it('creates, lists, reads and updates a template; a name is unique', async () => {
      const created = await call('POST', '/templates', template);
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        ...template,
        is_system: false,
        sms_config_id: null,
        push_config_id: null,
      });
      const id = created.json().id;
      const duplicate = await call('POST', '/templates', { ...template, name: 'INVOICE' });
      expect(duplicate.statusCode).toBe(422);
      expect(duplicate.json()).toEqual({ message: { name: ['This name is already taken'] } });
      const list = await call('GET', '/templates?filter[name]=invo&sort=-priority');
      expect(list.json()).toMatchObject({ total: 1, items: [{ id, name: 'invoice' }] });
      const updated = await call('PUT', `/templates/${id}`, {
        ...template,
        priority: 0,
        sample_variables: '{"number": 1}',
      });
      expect(updated.statusCode, updated.body).toBe(200);
      expect(updated.json()).toMatchObject({ priority: 0, sample_variables: { number: 1 } });
    });

    it('refuses bad template bodies field by field', async () => {
      const bad = await call('POST', '/templates', {
        ...template,
        name: 'has space',
        type: 'fax',
        priority: 101,
        is_active: 'yes',
        sample_variables: '{not json',
        email_config_id: 999_999,
        extra: 1,
      });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().message).sort()).toEqual(
        ['extra', 'is_active', 'name', 'priority', 'sample_variables', 'type'].sort(),
      );
      expect(bad.json().message.sample_variables).toEqual(['Invalid JSON format']);
      const noSubject = await call('POST', '/templates', { ...template, name: 'no-subject', subject: '' });
      expect(noSubject.json()).toEqual({ message: { subject: ['This field is required'] } });
      const noConfig = await call('POST', '/templates', {
        ...template,
        name: 'no-config',
        email_config_id: 999_999,
      });
      expect(noConfig.json()).toEqual({ message: { email_config_id: ['No such SMTP configuration'] } });
    });

    it('keeps the platform’s password-recovery template whole', async () => {
      const list = await call('GET', '/templates?filter[name]=password-recovery');
      const recovery = list.json().items[0];
      expect(recovery).toMatchObject({ name: 'password-recovery', is_system: true, type: 'email' });
      const body = {
        name: recovery.name,
        type: recovery.type,
        subject: recovery.subject,
        content: recovery.content,
        email_config_id: null,
        priority: recovery.priority,
        is_active: true,
        sample_variables: recovery.sample_variables,
      };
      for (const change of [{ name: 'renamed' }, { is_active: false }, { type: 'sms' }]) {
        const response = await call('PUT', `/templates/${recovery.id}`, { ...body, ...change });
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toMatch(/cannot be deleted, renamed, deactivated/);
      }
      expect((await call('DELETE', `/templates/${recovery.id}`)).statusCode).toBe(422);
      const reworded = await call('PUT', `/templates/${recovery.id}`, {
        ...body,
        subject: 'Reset: {t:password-recovery.subject}',
      });
      expect(reworded.statusCode).toBe(200);
    });

    it('previews in both languages, with the uk-UA fallback, flags unknown keys and lists variables', async () => {
      await createTranslation(t.db, 'billing', 'subject', { 'uk-UA': 'Рахунок', 'en-US': 'Invoice' });
      await createTranslation(t.db, 'billing', 'title', { 'uk-UA': 'Ваш рахунок, {customer}' });
      const response = await call('POST', '/templates/preview', {
        type: 'email',
        subject: template.subject,
        content: template.content,
        sample_variables: template.sample_variables,
      });
      expect(response.statusCode, response.body).toBe(200);
      const preview = response.json();
      expect(preview.variables).toEqual(['number', 'total', 'customer']);
      expect(preview.translations).toEqual([
        { ref: 'billing.subject', exists: true },
        { ref: 'billing.title', exists: true },
        { ref: 'billing.unknown', exists: false },
      ]);
      expect(preview.missingVariables).toEqual(['customer']);
      const [uk, en] = preview.renders;
      expect(uk).toMatchObject({ locale: 'uk-UA', message: { subject: 'Рахунок #17' } });
      expect(en).toMatchObject({ locale: 'en-US', message: { subject: 'Invoice #17' } });
      expect(en.message.html).toContain('<h1>Ваш рахунок, {customer}</h1>');
      expect(en.message.html).toContain('[billing.unknown]');
      expect(en.message.html).toContain('Total: &lt;100 UAH&gt;');
      expect(en.message.text).toContain('Total: <100 UAH>');
      const bad = await call('POST', '/templates/preview', { type: 'email', content: 1 });
      expect(bad.statusCode).toBe(422);
    });

    it('sends a test of the saved template through the queue, inactive or not', async () => {
      const dormant = await createTemplate(t.db, {
        name: 'dormant-test',
        is_active: false,
        sample_variables: { name: 'Sample' },
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `${BASE}/templates/${dormant.id}/send-test`,
        headers: { ...headers, Lang: 'uk-UA' },
        payload: { to: 'tester@pult.test' },
      });
      expect(response.statusCode, response.body).toBe(202);
      const row = await t.db
        .selectFrom('email_queue')
        .selectAll()
        .where('id', '=', response.json().id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        email_to: 'tester@pult.test',
        priority: 'main',
        language: 'uk-UA',
        status: 'pending',
      });
      await t.deliverEmails();
      const mail = await smtp.waitFor(smtp.messages.length || 1);
      expect(mail.subject).toBe('Hello Sample');
      expect((await call('POST', `/templates/${dormant.id}/send-test`, { to: 'bad' })).statusCode).toBe(422);
      expect((await call('POST', '/templates/999999/send-test', { to: 'a@pult.test' })).statusCode).toBe(404);
    });

    it('deletes an ordinary template', async () => {
      const doomed = await createTemplate(t.db, { name: 'doomed' });
      expect((await call('DELETE', `/templates/${doomed.id}`)).statusCode).toBe(200);
      expect((await call('GET', `/templates/${doomed.id}`)).statusCode).toBe(404);
    });
  });

  describe('translations', () => {
    it('creates, edits and deletes entries; a key is unique within its group', async () => {
      const created = await call('POST', '/translations', {
        group: 'menu',
        key_name: 'home',
        value_uk: 'Головна',
        value_en: '',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.json()).toMatchObject({
        group: 'menu',
        key_name: 'home',
        value_uk: 'Головна',
        value_en: null,
      });
      const duplicate = await call('POST', '/translations', {
        group: 'menu',
        key_name: 'home',
        value_uk: 'x',
      });
      expect(duplicate.json()).toEqual({ message: { key_name: ['This key already exists in the group'] } });
      const otherGroup = await call('POST', '/translations', {
        group: 'footer',
        key_name: 'home',
        value_en: 'Home',
      });
      expect(otherGroup.statusCode).toBe(201);
      const id = created.json().id;
      const edited = await call('PUT', `/translations/${id}`, {
        group: 'menu',
        key_name: 'home',
        value_uk: 'Головна',
        value_en: 'Home',
      });
      expect(edited.json()).toMatchObject({ value_en: 'Home' });
      const bad = await call('POST', '/translations', { group: 'a.b', key_name: '', value_uk: 1 });
      expect(Object.keys(bad.json().message).sort()).toEqual(['group', 'key_name', 'value_uk']);
      expect((await call('DELETE', `/translations/${otherGroup.json().id}`)).statusCode).toBe(200);
    });

    it('says "Translation not found" for an unknown id', async () => {
      for (const path of ['/translations/999999', '/translations/abc']) {
        const response = await call('GET', path);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Translation not found' });
      }
    });

    it('filters by text in any language and by a missing language, and reports completeness', async () => {
      await createTranslation(t.db, 'faq', 'q1', {
        'uk-UA': 'Як змінити пароль?',
        'en-US': 'How to change the password?',
      });
      await createTranslation(t.db, 'faq', 'q2', { 'uk-UA': 'Де рахунок?' });
      await createTranslation(t.db, 'faq', 'q3', { 'en-US': 'Only English', 'uk-UA': '' });
      const byText = await call('GET', '/translations?filter[group]=faq&filter[text]=password');
      expect(byText.json().items.map((item: { key_name: string }) => item.key_name)).toEqual(['q1']);
      const byUkText = await call(
        'GET',
        `/translations?filter[text]=${encodeURIComponent('рахунок')}&filter[group]=faq`,
      );
      expect(byUkText.json().items.map((item: { key_name: string }) => item.key_name)).toEqual(['q2']);
      const missingEn = await call('GET', '/translations?filter[group]=faq&filter[missing]=en-US');
      expect(missingEn.json().items.map((item: { key_name: string }) => item.key_name)).toEqual(['q2']);
      const missingUk = await call('GET', '/translations?filter[group]=faq&filter[missing]=uk-UA');
      expect(missingUk.json().items.map((item: { key_name: string }) => item.key_name)).toEqual(['q3']);
      expect((await call('GET', '/translations?filter[missing]=de-DE')).statusCode).toBe(422);

      const completeness = (await call('GET', '/translations/completeness')).json();
      const all = (await call('GET', '/translations?perPage=100')).json();
      const missing = (field: string) =>
        all.items.filter((item: Record<string, unknown>) => !item[field]).length;
      expect(completeness.total).toBe(all.total);
      expect(completeness.locales).toEqual([
        {
          locale: 'uk-UA',
          filled: all.total - missing('value_uk'),
          missing: missing('value_uk'),
        },
        {
          locale: 'en-US',
          filled: all.total - missing('value_en'),
          missing: missing('value_en'),
        },
      ]);
    });
  });

  describe('e-mail queue', () => {
    const enqueueTo = async (to: string) => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/notification/api/v1/send',
        headers,
        payload: { template: 'queue-test', to, variables: { name: 'Q' } },
      });
      expect(response.statusCode, response.body).toBe(202);
      return response.json<{ id: number }>().id;
    };

    it('lists with filters, counts by status, shows one e-mail with its attempts, and cancels and retries', async () => {
      await createTemplate(t.db, { name: 'queue-test' });
      const cancelled = await enqueueTo('cancel-me@pult.test');
      const cancel = await call('POST', `/email-queue/${cancelled}/cancel`);
      expect(cancel.statusCode, cancel.body).toBe(200);
      expect(cancel.json()).toMatchObject({ status: 'cancelled' });
      expect((await call('POST', `/email-queue/${cancelled}/cancel`)).json()).toEqual({
        message: 'Only a pending e-mail can be cancelled',
      });

      smtp.rejectNext(1);
      const failing = await enqueueTo('fail-once@pult.test');
      await t.deliverEmails();
      const failed = (await call('GET', `/email-queue/${failing}`)).json();
      expect(failed).toMatchObject({ status: 'failed', attempts: 1, max_attempts: 1 });
      expect(failed.last_error).toMatch(/Try again later/);
      expect(failed.body_text).toContain('Hello, Q!');
      expect(failed.attempt_log).toMatchObject([{ attempt: 1, outcome: 'failed', channel: 'SMTP_URL' }]);

      const counts = (await call('GET', '/email-queue/counts')).json();
      expect(counts).toMatchObject({ failed: 1, cancelled: 1, pending: 0, processing: 0 });
      const total = (await call('GET', '/email-queue')).json().total;
      expect(counts.sent).toBe(total - 2);

      const filtered = await call(
        'GET',
        '/email-queue?filter[status]=failed&filter[email_to]=fail-once&sort=-attempts',
      );
      expect(filtered.json()).toMatchObject({ total: 1, items: [{ id: failing, status: 'failed' }] });
      expect(filtered.json().items[0]).not.toHaveProperty('body_text');
      const today = new Date(t.time.clock()).toISOString().slice(0, 10);
      const byDay = await call('GET', `/email-queue?filter[created_at]=${today}&filter[status]=cancelled`);
      expect(byDay.json().items.map((item: { id: number }) => item.id)).toEqual([cancelled]);
      expect((await call('GET', '/email-queue?filter[status]=lost')).statusCode).toBe(422);
      expect((await call('GET', '/email-queue?sort=body_text')).statusCode).toBe(422);

      const retried = await call('POST', `/email-queue/${failing}/retry`);
      expect(retried.json()).toMatchObject({ status: 'pending', max_attempts: 2 });
      expect((await call('POST', `/email-queue/${failing}/retry`)).json()).toEqual({
        message: 'Only a failed or cancelled e-mail can be retried',
      });
      await t.deliverEmails();
      const sent = (await call('GET', `/email-queue/${failing}`)).json();
      expect(sent).toMatchObject({ status: 'sent', body_text: null, body_html: null });
      expect(sent.attempt_log.map((attempt: { outcome: string }) => attempt.outcome)).toEqual([
        'failed',
        'sent',
      ]);
      expect((await call('POST', `/email-queue/${failing}/retry`)).statusCode).toBe(422);
      expect((await call('GET', '/email-queue/999999')).statusCode).toBe(404);
      expect((await call('POST', '/email-queue/999999/cancel')).statusCode).toBe(404);
    });

    it('retries every failed e-mail that matches the filter, and only those', async () => {
      smtp.rejectNext(3);
      const a = await enqueueTo('bulk-a@pult.test');
      const b = await enqueueTo('bulk-b@pult.test');
      const other = await enqueueTo('other@pult.test');
      await t.deliverEmails();
      const response = await call('POST', '/email-queue/retry-failed?filter[email_to]=bulk-');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ count: 2, message: 'E-mails queued again: 2' });
      const statuses = await t.db
        .selectFrom('email_queue')
        .select(['id', 'status'])
        .where('id', 'in', [a, b, other])
        .orderBy('id')
        .execute();
      expect(statuses.map((row) => row.status)).toEqual(['pending', 'pending', 'failed']);
      expect((await call('POST', '/email-queue/retry-failed?filter[nope]=1')).statusCode).toBe(422);
    });

    it('needs an administrator', async () => {
      for (const url of ['/email-queue', '/email-queue/counts', '/translations', '/templates']) {
        const response = await t.app.inject({ method: 'GET', url: `${BASE}${url}` });
        expect(response.statusCode).toBe(401);
      }
    });
  });
});

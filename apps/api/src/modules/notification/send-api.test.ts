import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTemplate, createTranslation, createUser } from '../../test/factories.js';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

/** `POST /notification/api/v1/send`: who may call it, what it renders, what it refuses, idempotency. */
describe.each(testDatabaseKinds())('the send API on %s', (kind) => {
  let t: TestApp;
  let smtp: SmtpSink;
  let admin: Record<string, string>;
  let serviceKey: string;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp(kind, { SMTP_URL: smtp.url });
    admin = await adminHeaders(t);
    const regenerated = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/settings/regenerate-api-keys',
      headers: admin,
    });
    const keys = regenerated.json<{ keys: { service: string; key: string }[] }>().keys;
    serviceKey = keys.find((entry) => entry.service === 'notification')?.key ?? '';
    await createTranslation(t.db, 'greeting', 'hello', {
      'uk-UA': 'Вітаємо, {name}',
      'en-US': 'Hello, {name}',
    });
    await createTranslation(t.db, 'greeting', 'only_uk', { 'uk-UA': 'Лише українською' });
    await createTemplate(t.db, {
      name: 'welcome',
      subject: '{t:greeting.hello}',
      content: '<p>{t:greeting.hello}</p><p>{t:greeting.only_uk}</p><p>Order {order.number}</p>',
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const send = (
    payload: unknown,
    headers: Record<string, string> = { 'x-api-key': serviceKey, lang: 'en-US' },
  ) =>
    t.app.inject({ method: 'POST', url: '/notification/api/v1/send', payload: payload as object, headers });
  const queued = () =>
    t.db
      .selectFrom('email_queue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
  const deliverOne = async (): Promise<ParsedMail> => {
    const before = smtp.messages.length;
    await t.deliverEmails();
    return smtp.waitFor(before + 1);
  };

  it('answers 401 without credentials, with another service key or a bad token', async () => {
    const body = { template: 'welcome', to: 'a@pult.test' };
    expect((await send(body, {})).statusCode).toBe(401);
    expect((await send(body, { 'x-api-key': 'nope' })).statusCode).toBe(401);
    expect((await send(body, { authorization: 'Bearer nope' })).statusCode).toBe(401);
  });

  it('queues for a service key and renders in the language asked for, with the uk-UA fallback', async () => {
    const response = await send({
      template: 'welcome',
      to: 'olena@pult.test',
      language: 'en-US',
      variables: { name: 'Olena', order: { number: 42 } },
    });
    expect(response.statusCode).toBe(202);
    const { id } = response.json<{ id: number }>();
    expect(id).toBeGreaterThan(0);
    const mail = await deliverOne();
    expect(mail.subject).toBe('Hello, Olena');
    expect(mail.html).toContain('<p>Hello, Olena</p>');
    // en-US has no text for this key: the uk-UA one stands in.
    expect(mail.html).toContain('Лише українською');
    expect(mail.text).toContain('Order 42');
    expect(mail.messageId).toMatch(/^<[0-9a-f-]{36}@pult\.local>$/);
  });

  it('sends to a platform user by uid, in the user’s language, also for an admin token', async () => {
    const { user } = await createUser(t.db, { language: 'en-US' });
    const response = await send(
      { template: 'welcome', to: user.uid, variables: { name: 'Lesia', order: { number: 1 } } },
      admin,
    );
    expect(response.statusCode).toBe(202);
    const mail = await deliverOne();
    expect(mail.to).toMatchObject({ text: user.email });
    expect(mail.subject).toBe('Hello, Lesia');
    const uk = await send({
      template: 'welcome',
      to: user.uid,
      language: 'uk-UA',
      variables: { name: 'Леся', order: { number: 1 } },
    });
    expect(uk.statusCode).toBe(202);
    expect((await deliverOne()).subject).toBe('Вітаємо, Леся');
  });

  it('escapes variables in HTML and keeps them plain in the text part and the subject', async () => {
    await send({
      template: 'welcome',
      to: 'x@pult.test',
      language: 'en-US',
      variables: { name: '<script>alert("x")</script> & co', order: { number: '<b>7</b>' } },
    });
    const mail = await deliverOne();
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('Order &lt;b&gt;7&lt;/b&gt;');
    expect(mail.text).toContain('<script>alert("x")</script> & co');
    expect(mail.subject).toBe('Hello, <script>alert("x")</script> & co');
  });

  it('refuses what cannot be sent with a 422 keyed by field, and queues nothing', async () => {
    await createTemplate(t.db, { name: 'dormant', is_active: false });
    await createTemplate(t.db, { name: 'push-only', type: 'push', subject: null, content: 'Hi {name}' });
    await createTemplate(t.db, { name: 'broken', content: '<p>{t:nowhere.to_be_found}</p>' });
    const before = (await queued()).n;
    const cases: [unknown, Record<string, string[]>][] = [
      [{ template: 'nope', to: 'a@pult.test' }, { template: ['No such template'] }],
      [
        { template: 'dormant', to: 'a@pult.test', variables: { name: 'a' } },
        { template: ['The template is not active'] },
      ],
      [
        // A push template goes to a device token or a user's devices, never to an address.
        { template: 'push-only', to: 'a@pult.test' },
        { to: ['A device token or the uid of a platform user'] },
      ],
      [
        { template: 'broken', to: 'a@pult.test', variables: { name: 'a' } },
        { template: ['The template uses translations that do not exist: nowhere.to_be_found'] },
      ],
      [
        { template: 'welcome', to: 'a@pult.test', variables: { name: 'a' } },
        { 'variables.order.number': ['This field is required'] },
      ],
      [
        { template: 'welcome', to: 'a@pult.test', variables: { name: { first: 'a' }, order: { number: 1 } } },
        { 'variables.name': ['Must be text, a number or true/false'] },
      ],
      [
        { template: 'welcome', to: 'not-an-address' },
        { to: ['An e-mail address or the uid of a platform user'] },
      ],
      [
        { template: 'welcome', to: '00000000-0000-4000-8000-000000000000' },
        { to: ['No active platform user has this uid'] },
      ],
      [
        { template: 'welcome', to: 'a@pult.test', language: 'de-DE' },
        { language: ['Choose one of the options'] },
      ],
      [
        { template: 'welcome', to: 'a@pult.test', priority: 'urgent' },
        { priority: ['Choose one of the options'] },
      ],
      [{ template: 'welcome', to: 'a@pult.test', cc: 'b@pult.test' }, { cc: ['Unknown field'] }],
      [
        { template: 'welcome', to: 'a@pult.test', idempotency_key: 'has space' },
        { idempotency_key: ['Invalid value'] },
      ],
      [{ template: 'welcome', to: 'a@pult.test', variables: [1, 2] }, { variables: ['Invalid value'] }],
      [{ to: 'a@pult.test' }, { template: ['This field is required'] }],
    ];
    for (const [payload, message] of cases) {
      const response = await send(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json(), JSON.stringify(payload)).toEqual({ message });
    }
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let level = 0; level < 70; level++) deep = { deep };
    const tooDeep = await send({ template: 'welcome', to: 'a@pult.test', variables: deep });
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json().message.variables).toEqual(['JSON is nested too deeply (64 levels at most)']);
    expect((await queued()).n).toBe(before);
  });

  it('answers the first id for a repeated idempotency key within 24 hours, and queues again after', async () => {
    const body = {
      template: 'welcome',
      to: 'idem@pult.test',
      variables: { name: 'I', order: { number: 1 } },
      idempotency_key: 'order-1',
    };
    const first = await send(body);
    const again = await send(body);
    expect(first.statusCode).toBe(202);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    // Another caller's key of the same name is its own.
    const byAdmin = await send(body, admin);
    expect(byAdmin.json().id).not.toBe(first.json().id);
    t.time.advance(24 * 3600 + 1);
    const later = await send(body);
    expect(later.statusCode).toBe(202);
    expect(later.json().id).not.toBe(first.json().id);
  });

  it('a key used by a refused request is not taken', async () => {
    const refused = await send({ template: 'nope', to: 'a@pult.test', idempotency_key: 'retry-me' });
    expect(refused.statusCode).toBe(422);
    const ok = await send({
      template: 'welcome',
      to: 'a@pult.test',
      variables: { name: 'a', order: { number: 1 } },
      idempotency_key: 'retry-me',
    });
    expect(ok.statusCode).toBe(202);
  });

  it('queues once when requests with one key race', async () => {
    const body = {
      template: 'welcome',
      to: 'race@pult.test',
      variables: { name: 'R', order: { number: 1 } },
      idempotency_key: `race-${kind}`,
    };
    const responses = await Promise.all(Array.from({ length: 12 }, () => send(body)));
    const ids = new Set(responses.map((response) => response.json<{ id: number }>().id));
    expect(responses.every((response) => response.statusCode === 200 || response.statusCode === 202)).toBe(
      true,
    );
    expect(responses.filter((response) => response.statusCode === 202)).toHaveLength(1);
    expect(ids.size).toBe(1);
    const rows = await t.db
      .selectFrom('email_queue')
      .select('id')
      .where('email_to', '=', 'race@pult.test')
      .execute();
    expect(rows).toHaveLength(1);
  });
});

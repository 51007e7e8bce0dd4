import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createUser, signInUser } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { type ProviderServer, startProviderServer } from './provider-server.test-support.js';

const ADMIN = '/notification/api/v1/admin';

/**
 * SMS and push templates go through the same queue and worker as e-mail: the send API resolves a uid
 * to the user's phone or devices, the worker calls the provider, and its answer decides sent, retry
 * (with Retry-After honoured) or failed at once; an unregistered token is forgotten.
 */
describe.each(testDatabaseKinds())('SMS and push delivery on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let twilio: ProviderServer;
  let fcm: ProviderServer;
  let user: { uid: string; email: string; password: string };

  beforeAll(async () => {
    twilio = await startProviderServer(() => ({ status: 201, body: { sid: 'SM1' } }));
    fcm = await startProviderServer((request) => {
      if (request.path === '/token')
        return { status: 200, body: { access_token: 'fcm-access', expires_in: 3600 } };
      if (request.body.includes('device-token-beta')) {
        return {
          status: 404,
          body: {
            error: { message: 'Requested entity was not found.', details: [{ errorCode: 'UNREGISTERED' }] },
          },
        };
      }
      return { status: 200, body: { name: 'projects/p/messages/1' } };
    });
    t = await createTestApp(kind);
    admin = await adminHeaders(t);
    const call = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: `${ADMIN}${url}`, headers: admin, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json();
    };
    await call('/sms-configs', {
      name: 'Twilio test',
      provider: 'twilio',
      api_key: 'AC42',
      api_secret: 'tw-secret',
      from_number: '+380441234567',
      is_active: true,
      is_default: true,
      config_json: { base_url: twilio.url },
    });
    const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await call('/push-configs', {
      name: 'FCM test',
      provider: 'fcm',
      app_id: 'pult-test',
      server_key: JSON.stringify({
        client_email: 'pult@pult-test.iam.gserviceaccount.com',
        private_key: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      }),
      is_active: true,
      is_default: true,
      config_json: { base_url: fcm.url, token_url: `${fcm.url}/token` },
    });
    await call('/templates', {
      name: 'login-code',
      type: 'sms',
      subject: null,
      content: 'Pult: код {code}',
      priority: 0,
      is_active: true,
    });
    await call('/templates', {
      name: 'order-push',
      type: 'push',
      subject: 'Замовлення',
      content: 'Замовлення {order} відправлено',
      priority: 0,
      is_active: true,
    });
    const created = await createUser(t.db, { phone: '+380 50 123 45 67' });
    user = { uid: String(created.user.uid), email: created.user.email, password: created.password };
  });
  afterAll(async () => {
    await t?.close();
    await twilio?.close();
    await fcm?.close();
  });

  const send = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/notification/api/v1/send', headers: admin, payload });
  const row = (id: number) =>
    t.db.selectFrom('email_queue').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends an SMS to a user’s phone through the default configuration', async () => {
    const queued = await send({ template: 'login-code', to: user.uid, variables: { code: '4321' } });
    expect(queued.statusCode, queued.body).toBe(202);
    await t.deliverEmails();
    const sent = await row(queued.json().id);
    expect(sent).toMatchObject({ channel: 'sms', status: 'sent', email_to: '+380501234567', attempts: 1 });
    // The configuration that carried it, by id, for the Delivery report (the template names none).
    const config = await t.db
      .selectFrom('sms_configs')
      .select('id')
      .where('name', '=', 'Twilio test')
      .executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ config_id: null, via_config: `sms:${config.id}` });
    const form = new URLSearchParams(twilio.requests.at(-1)?.body);
    expect(form.get('To')).toBe('+380501234567');
    expect(form.get('Body')).toBe('Pult: код 4321');
    const list = await t.app.inject({
      method: 'GET',
      url: `${ADMIN}/email-queue?filter[channel]=sms`,
      headers: admin,
    });
    expect(list.json().items.map((item: { channel: string }) => item.channel)).toEqual(['sms']);
  });

  it('fails a final provider error at once and backs a retryable one off past Retry-After', async () => {
    twilio.next({ status: 400, body: { code: 21211, message: 'Invalid To number' } });
    const bad = await send({ template: 'login-code', to: '+380501111111', variables: { code: '1' } });
    await t.deliverEmails();
    expect(await row(bad.json().id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: 'Twilio 400: Invalid To number (21211)',
      failure_reason: 'provider',
    });

    twilio.next({ status: 429, headers: { 'retry-after': '600' }, body: { message: 'Too many requests' } });
    const throttled = await send({ template: 'login-code', to: '+380502222222', variables: { code: '2' } });
    const before = t.time.clock();
    await t.deliverEmails();
    const later = await row(throttled.json().id);
    expect(later).toMatchObject({ status: 'pending', attempts: 1, failure_reason: 'temporary' });
    expect(later.next_attempt_at.getTime() - before.getTime()).toBeGreaterThanOrEqual(600_000);
  });

  it('refuses an SMS to something that is neither a number nor a uid', async () => {
    const refused = await send({ template: 'login-code', to: '0501234567', variables: { code: '1' } });
    expect(refused.json()).toEqual({
      message: { to: ['An E.164 number (+380501234567) or the uid of a platform user'] },
    });
  });

  it('pushes to every registered device of a user and forgets one the provider no longer knows', async () => {
    const tokens = await signInUser(t, user.email, user.password);
    const auth = { authorization: `Bearer ${tokens.access_token}` };
    const register = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/notification/api/v1/devices',
        headers: auth,
        payload: { token, platform: 'android' },
      });
    expect((await register('device-token-alpha')).statusCode).toBe(201);
    expect((await register('device-token-beta')).statusCode).toBe(201);
    expect((await register('device-token-beta')).statusCode).toBe(200);

    const noDevices = await send({
      template: 'order-push',
      to: (await createUser(t.db)).user.uid,
      variables: { order: 'A-1' },
    });
    expect(noDevices.json()).toEqual({ message: { to: ['This user has registered no devices'] } });

    const pushed = await send({ template: 'order-push', to: user.uid, variables: { order: 'A-7' } });
    expect(pushed.statusCode, pushed.body).toBe(202);
    await t.deliverEmails();
    const rows = await t.db
      .selectFrom('email_queue')
      .selectAll()
      .where('template_name', '=', 'order-push')
      .orderBy('id')
      .execute();
    expect(rows.map((item) => [item.email_to, item.status, item.attempts])).toEqual([
      ['device-token-alpha', 'sent', 1],
      ['device-token-beta', 'failed', 1],
    ]);
    const sendBody = JSON.parse(
      fcm.requests.find((request) => request.path.endsWith('messages:send'))?.body ?? '',
    );
    expect(sendBody.message.notification).toEqual({
      title: 'Замовлення',
      body: 'Замовлення A-7 відправлено',
    });
    const left = await t.db.selectFrom('notification_devices').select('token').execute();
    expect(left).toEqual([{ token: 'device-token-alpha' }]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: '/notification/api/v1/devices',
      headers: auth,
      payload: { token: 'device-token-alpha' },
    });
    expect(removed.statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/notification/api/v1/devices',
      headers: auth,
      payload: { token: 'device-token-alpha' },
    });
    expect(again.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/notification/api/v1/devices',
      payload: { token: 'device-token-gamma', platform: 'ios' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

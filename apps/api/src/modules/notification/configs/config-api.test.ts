import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createTemplate } from '../../../test/factories.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { testDatabaseKinds } from '../../../test/test-database.js';
import { pushBody, smsBody, smtpBody } from './config-bodies.test-support.js';

const BASE = '/notification/api/v1/admin';

/** The configuration screens: write-only secrets, one default per kind, the delete rule, config_json. */
describe.each(testDatabaseKinds())('notification configurations on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `${BASE}${url}`,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  it('keeps an SMTP password write-only: set, kept by an empty edit, cleared by null', async () => {
    const created = await call('POST', '/smtp-configs', smtpBody({ name: 'Write-only' }));
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ password_set: true, template_count: 0, is_default: false });
    expect(created.body).not.toContain('smtp-pass-Xq1');
    expect(created.json()).not.toHaveProperty('password');
    const id = created.json().id;
    const stored = await t.db
      .selectFrom('smtp_configs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.password_encrypted).toMatch(/^v1\./);
    expect(stored.password_encrypted).not.toContain('smtp-pass');

    const kept = await call('PUT', `/smtp-configs/${id}`, smtpBody({ name: 'Write-only', password: '' }));
    expect(kept.json()).toMatchObject({ password_set: true });
    const after = await t.db
      .selectFrom('smtp_configs')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(after.password_encrypted).toBe(stored.password_encrypted);
    const omitted = smtpBody({ name: 'Write-only' }) as Record<string, unknown>;
    delete omitted.password;
    expect((await call('PUT', `/smtp-configs/${id}`, omitted)).json()).toMatchObject({ password_set: true });

    const cleared = await call(
      'PUT',
      `/smtp-configs/${id}`,
      smtpBody({ name: 'Write-only', password: null }),
    );
    expect(cleared.json()).toMatchObject({ password_set: false });
    const list = await call('GET', '/smtp-configs?filter[name]=write');
    expect(list.json()).toMatchObject({ total: 1, items: [{ id, password_set: false }] });
  });

  it('keeps one default per kind: a new default unsets the old; the default cannot be switched off', async () => {
    const a = (await call('POST', '/sms-configs', smsBody({ name: 'A', is_default: true }))).json();
    expect(a).toMatchObject({ is_default: true, api_secret_set: true });
    const b = await call('POST', '/sms-configs', smsBody({ name: 'B', is_default: true }));
    expect(b.statusCode, b.body).toBe(201);
    expect((await call('GET', `/sms-configs/${a.id}`)).json()).toMatchObject({ is_default: false });

    const unset = await call('PUT', `/sms-configs/${b.json().id}`, smsBody({ name: 'B', is_default: false }));
    expect(unset.statusCode).toBe(422);
    expect(unset.json()).toEqual({
      message: { is_default: ['Make another configuration the default first'] },
    });
    const deactivate = await call(
      'PUT',
      `/sms-configs/${b.json().id}`,
      smsBody({ name: 'B', is_default: true, is_active: false }),
    );
    expect(deactivate.json()).toEqual({
      message: { is_active: ['The default configuration must be active'] },
    });

    const back = await call(
      'PUT',
      `/sms-configs/${a.id}`,
      smsBody({ name: 'A', is_default: true, api_secret: '' }),
    );
    expect(back.json()).toMatchObject({ is_default: true, api_secret_set: true });
    const defaults = await t.db
      .selectFrom('sms_configs')
      .select('name')
      .where('is_default', '=', true)
      .execute();
    expect(defaults).toEqual([{ name: 'A' }]);
  });

  it('validates config_json by the provider and keeps its secret keys sealed', async () => {
    const badJson = await call('POST', '/sms-configs', smsBody({ name: 'Bad', config_json: '{oops' }));
    expect(badJson.json()).toEqual({ message: { config_json: ['Invalid JSON format'] } });
    const unknownKey = await call(
      'POST',
      '/sms-configs',
      smsBody({ name: 'Bad', config_json: { colour: 'red' } }),
    );
    expect(unknownKey.json()).toEqual({
      message: { config_json: ['Contains a key this provider does not use'] },
    });
    const noRegion = await call(
      'POST',
      '/sms-configs',
      smsBody({ name: 'Bad', provider: 'aws_sns', config_json: {} }),
    );
    expect(noRegion.json()).toEqual({ message: { config_json: ['Lacks a key this provider requires'] } });
    const badPhone = await call('POST', '/sms-configs', smsBody({ name: 'Bad', from_number: '0501234567' }));
    expect(badPhone.json().message.from_number).toEqual(['A number in international format: +380501234567']);

    const sns = await call(
      'POST',
      '/sms-configs',
      smsBody({
        name: 'SNS',
        provider: 'aws_sns',
        config_json: { region: 'eu-central-1', session_token: 'sts-token-Kp4' },
      }),
    );
    expect(sns.statusCode, sns.body).toBe(201);
    expect(sns.json()).toMatchObject({
      config_json: { region: 'eu-central-1' },
      config_secrets: ['session_token'],
    });
    expect(sns.body).not.toContain('sts-token-Kp4');
    const id = sns.json().id;
    const kept = await call(
      'PUT',
      `/sms-configs/${id}`,
      smsBody({ name: 'SNS', provider: 'aws_sns', config_json: { region: 'eu-west-1' } }),
    );
    expect(kept.json()).toMatchObject({
      config_json: { region: 'eu-west-1' },
      config_secrets: ['session_token'],
    });
    const cleared = await call(
      'PUT',
      `/sms-configs/${id}`,
      smsBody({
        name: 'SNS',
        provider: 'aws_sns',
        config_json: { region: 'eu-west-1', session_token: null },
      }),
    );
    expect(cleared.json()).toMatchObject({ config_secrets: [] });
  });

  it('refuses to delete a configuration a template names, naming the templates', async () => {
    const push = (await call('POST', '/push-configs', pushBody({ name: 'Mobile' }))).json();
    expect(push).toMatchObject({ server_key_set: true, config_json: { key_id: 'ABC123DEFG' } });
    const template = await createTemplate(t.db, { name: 'order-shipped', type: 'push', subject: null });
    await t.db
      .updateTable('notification_templates')
      .set({ push_config_id: push.id })
      .where('id', '=', template.id)
      .execute();
    const refused = await call('DELETE', `/push-configs/${push.id}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: 'Templates send through this configuration: order-shipped' });
    await t.db.updateTable('notification_templates').set({ push_config_id: null }).execute();
    expect((await call('DELETE', `/push-configs/${push.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/push-configs/${push.id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate name and answers the lookup', async () => {
    await call('POST', '/push-configs', pushBody({ name: 'Beams', provider: 'pusher', config_json: {} }));
    const duplicate = await call(
      'POST',
      '/push-configs',
      pushBody({ name: 'BEAMS', provider: 'pusher', config_json: {} }),
    );
    expect(duplicate.json()).toEqual({
      message: { name: ['A configuration with this name already exists'] },
    });
    const lookup = await call('GET', '/push-configs/lookup');
    expect(lookup.json().items).toContainEqual(expect.objectContaining({ label: 'Beams' }));
  });

  it.runIf(kind === 'postgres')(
    'lets exactly one of many concurrent "make default" requests hold the default',
    async () => {
      const ids: number[] = [];
      for (let index = 0; index < 8; index += 1) {
        ids.push((await call('POST', '/smtp-configs', smtpBody({ name: `Race ${index}` }))).json().id);
      }
      const answers = await Promise.all(
        ids.map((id, index) =>
          call('PUT', `/smtp-configs/${id}`, smtpBody({ name: `Race ${index}`, is_default: true })),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const defaults = await t.db
        .selectFrom('smtp_configs')
        .select('id')
        .where('is_default', '=', true)
        .execute();
      expect(defaults).toHaveLength(1);
    },
    60_000,
  );
});

import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type PultApp } from '../../../app.js';
import { loadConfig } from '../../../config/env.js';
import type { DatabaseHandle } from '../../../db/database.js';
import { signIn } from '../../../test/factories.js';
import { TEST_ADMIN } from '../../../test/test-app.js';
import { openTestDatabase } from '../../../test/test-database.js';
import { pushBody, smsBody, smtpBody } from './config-bodies.test-support.js';

const BASE = '/notification/api/v1/admin';

/**
 * Whatever is written as a secret (a password, an API secret, a server key, a secret key inside
 * config_json) never comes back: not in a response of any configuration endpoint (create, read,
 * list, update, check, send test, delete, errors), nor in any log line of the whole run, written at
 * the most verbose level.
 */
describe('write-only secrets never leak', () => {
  const lines: string[] = [];
  const written: string[] = [];
  let handle: DatabaseHandle;
  let pult: PultApp;
  let dataDir: string;
  let headers: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'pult-leak-'));
    handle = await openTestDatabase('pglite');
    const config = loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      WEB_DIST_DIR: path.join(dataDir, 'no-panel'),
    });
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    pult = await buildApp({ config, db: handle.db, logger: { level: 'trace', stream } });
    await pult.app.ready();
    const pair = await signIn(
      { app: pult.app } as Parameters<typeof signIn>[0],
      TEST_ADMIN.email,
      TEST_ADMIN.password,
    );
    headers = { authorization: `Bearer ${pair.access_token}`, Lang: 'en-US' };
  });
  afterAll(async () => {
    await pult?.stopWorkers();
    await pult?.app.close();
    await handle?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // Distinctive text: a secret is found only where it was really copied.
  const secret = fc
    .string({
      unit: fc.constantFrom(...'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789!#%&*+=?~'),
      minLength: 10,
      maxLength: 30,
    })
    .map((text) => `S3cr3t-${text}`);

  it('for any secrets and any sequence of writes', async () => {
    const bodies: string[] = [];
    let sequence = 0;
    const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const response = await pult.app.inject({
        method,
        url: `${BASE}${url}`,
        headers,
        ...(payload ? { payload } : {}),
      });
      bodies.push(response.body);
      return response;
    };
    await fc.assert(
      fc.asyncProperty(
        fc.record({ password: secret, apiSecret: secret, token: secret, serverKey: secret, p8: secret }),
        fc.boolean(),
        async (secrets, clearFirst) => {
          written.push(...Object.values(secrets));
          sequence += 1;
          const smtp = await call(
            'POST',
            '/smtp-configs',
            smtpBody({
              name: `Leak ${sequence}`,
              password: secrets.password,
              host: '127.0.0.1',
              port: 9,
              encryption: 'none',
            }),
          );
          const sms = await call(
            'POST',
            '/sms-configs',
            smsBody({
              name: `Leak ${sequence}`,
              provider: 'aws_sns',
              api_secret: secrets.apiSecret,
              config_json: {
                region: 'eu-central-1',
                base_url: 'http://127.0.0.1:9',
                session_token: secrets.token,
              },
            }),
          );
          const push = await call(
            'POST',
            '/push-configs',
            pushBody({
              name: `Leak ${sequence}`,
              server_key: secrets.serverKey,
              config_json: {
                key_id: 'ABC123DEFG',
                team_id: 'TEAM123456',
                base_url: 'http://127.0.0.1:9',
                private_key: secrets.p8,
              },
            }),
          );
          for (const created of [smtp, sms, push]) expect(created.statusCode, created.body).toBe(201);
          const ids = { smtp: smtp.json().id, sms: sms.json().id, push: push.json().id };
          await call(
            'PUT',
            `/smtp-configs/${ids.smtp}`,
            smtpBody({
              name: `Leak ${sequence}`,
              password: clearFirst ? null : '',
              host: '127.0.0.1',
              port: 9,
              encryption: 'none',
            }),
          );
          await call('GET', `/smtp-configs/${ids.smtp}`);
          await call('GET', '/smtp-configs?perPage=100');
          await call('GET', '/sms-configs?perPage=100');
          await call('GET', `/push-configs/${ids.push}`);
          await call('POST', '/smtp-configs/check', {
            id: ids.smtp,
            config: smtpBody({
              name: 'x',
              password: secrets.password,
              host: '127.0.0.1',
              port: 9,
              encryption: 'none',
            }),
          });
          await call('POST', '/sms-configs/check', {
            id: ids.sms,
            config: smsBody({
              name: 'x',
              provider: 'aws_sns',
              api_secret: '',
              config_json: { region: 'eu-central-1', base_url: 'http://127.0.0.1:9' },
            }),
          });
          await call('POST', '/push-configs/send-test', {
            id: ids.push,
            config: pushBody({
              name: 'x',
              server_key: '',
              config_json: { key_id: 'ABC123DEFG', team_id: 'TEAM123456', base_url: 'http://127.0.0.1:9' },
            }),
            to: 'device-token-1',
          });
          // A bad body echoes nothing back either.
          await call(
            'POST',
            '/sms-configs',
            smsBody({ name: '', api_secret: secrets.apiSecret, from_number: 'x' }),
          );
          await call('DELETE', `/sms-configs/${ids.sms}`);
        },
      ),
      { numRuns: 12 },
    );
    const everything = [...bodies, ...lines];
    expect(lines.length).toBeGreaterThan(50);
    for (const value of written) {
      const leak = everything.find((text) => text.includes(value));
      expect(leak, `secret ${value} leaked`).toBeUndefined();
    }
  }, 180_000);
});

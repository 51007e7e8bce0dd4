import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apnsAdapter } from './apns.js';
import { fcmAdapter } from './fcm.js';
import { ProviderError } from './provider-error.js';
import { type ProviderServer, startProviderServer } from './provider-server.test-support.js';
import { beamsAdapter } from './pusher-beams.js';

const message = { title: 'Замовлення', body: 'Відправлено' };

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('FCM HTTP v1', () => {
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer((request) =>
      request.path === '/token'
        ? { status: 200, body: { access_token: 'ya29.test-access', expires_in: 3599, token_type: 'Bearer' } }
        : { status: 200, body: { name: 'projects/pult-demo/messages/0:1' } },
    );
  });
  afterAll(() => server.close());
  const adapter = () =>
    fcmAdapter({
      serviceAccount: { client_email: 'pult@pult-demo.iam.gserviceaccount.com', private_key: privateKey },
      projectId: 'pult-demo',
      baseUrl: server.url,
      tokenUrl: `${server.url}/token`,
    });

  it('exchanges a service-account JWT for an access token, then sends with it', async () => {
    const fcm = adapter();
    await expect(fcm.send('device-token-1', message)).resolves.toBe('projects/pult-demo/messages/0:1');
    const [tokenRequest, sendRequest] = server.requests.slice(-2);
    const form = new URLSearchParams(tokenRequest?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const assertion = form.get('assertion') ?? '';
    expect(decodeProtectedHeader(assertion)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await jwtVerify(assertion, keys.publicKey, {
      issuer: 'pult@pult-demo.iam.gserviceaccount.com',
      audience: `${server.url}/token`,
    });
    expect(payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
    expect(sendRequest).toMatchObject({ method: 'POST', path: '/v1/projects/pult-demo/messages:send' });
    expect(sendRequest?.headers.authorization).toBe('Bearer ya29.test-access');
    expect(JSON.parse(sendRequest?.body ?? '')).toEqual({
      message: { token: 'device-token-1', notification: { title: 'Замовлення', body: 'Відправлено' } },
    });
    // The access token is reused.
    await fcm.send('device-token-2', message);
    expect(server.requests.at(-1)?.path).toBe('/v1/projects/pult-demo/messages:send');
    expect(server.requests.at(-2)?.path).toBe('/v1/projects/pult-demo/messages:send');
  });

  it('marks an unregistered token final and gone; 503 and 429 retryable', async () => {
    const fcm = adapter();
    await fcm.check();
    server.next({
      status: 404,
      body: {
        error: {
          code: 404,
          message: 'Requested entity was not found.',
          status: 'NOT_FOUND',
          details: [
            { '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError', errorCode: 'UNREGISTERED' },
          ],
        },
      },
    });
    const gone = await failure(fcm.send('stale', message));
    expect(gone).toMatchObject({ retryable: false, options: { unregisteredToken: true } });
    expect(gone.message).toBe('FCM 404: Requested entity was not found. (UNREGISTERED)');
    server.next({
      status: 503,
      body: { error: { message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
    });
    expect(await failure(fcm.send('t', message))).toMatchObject({ retryable: true });
    server.next({
      status: 429,
      headers: { 'retry-after': '120' },
      body: { error: { message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } },
    });
    expect(await failure(fcm.send('t', message))).toMatchObject({
      retryable: true,
      options: { retryAfterSeconds: 120 },
    });
    server.next({
      status: 400,
      body: { error: { message: 'Invalid registration token', status: 'INVALID_ARGUMENT' } },
    });
    expect(await failure(fcm.send('bad', message))).toMatchObject({ retryable: false });
  });

  it('reports refused credentials on check', async () => {
    server.next({
      status: 400,
      body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' },
    });
    const refused = await failure(adapter().check());
    expect(refused).toMatchObject({ retryable: false, message: 'FCM OAuth 400: Invalid JWT Signature.' });
  });
});

describe('APNs over HTTP/2', () => {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const p8 = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer(
      (request) =>
        request.path.endsWith('/0000000000000000000000000000000000000000000000000000000000000000')
          ? { status: 400, body: { reason: 'BadDeviceToken' } }
          : { status: 200, headers: { 'apns-id': 'A1B2C3' } },
      { http2: true },
    );
  });
  afterAll(() => server.close());
  const adapter = () =>
    apnsAdapter({
      privateKey: p8,
      keyId: 'ABC123DEFG',
      teamId: 'TEAM123456',
      topic: 'ua.pult.app',
      baseUrl: server.url,
    });

  it('posts to /3/device/{token} with an ES256 provider token and the APNs headers', async () => {
    const apns = adapter();
    await expect(apns.send('a1b2c3', message)).resolves.toBe('A1B2C3');
    apns.close();
    const request = server.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/3/device/a1b2c3' });
    expect(request?.headers).toMatchObject({
      'apns-topic': 'ua.pult.app',
      'apns-push-type': 'alert',
      'apns-priority': '10',
    });
    const token = String(request?.headers.authorization).replace(/^bearer /, '');
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'ES256', kid: 'ABC123DEFG' });
    const { payload } = await jwtVerify(token, keys.publicKey, { issuer: 'TEAM123456' });
    expect(typeof payload.iat).toBe('number');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      aps: { alert: { title: 'Замовлення', body: 'Відправлено' }, sound: 'default' },
    });
  });

  it('checks the key by a probe Apple refuses only for its device token', async () => {
    const apns = adapter();
    await expect(apns.check()).resolves.toMatch(/Provider token accepted/);
    server.next({ status: 403, body: { reason: 'InvalidProviderToken' } });
    expect(await failure(apns.check())).toMatchObject({
      retryable: false,
      message: 'APNs 403: InvalidProviderToken',
    });
    apns.close();
  });

  it('forgets an unregistered device; retries 429 and 503', async () => {
    const apns = adapter();
    server.next({ status: 410, body: { reason: 'Unregistered', timestamp: 1_700_000_000_000 } });
    expect(await failure(apns.send('old', message))).toMatchObject({
      retryable: false,
      options: { unregisteredToken: true },
    });
    server.next({ status: 429, body: { reason: 'TooManyRequests' } });
    expect(await failure(apns.send('t', message))).toMatchObject({ retryable: true });
    server.next({ status: 503, body: { reason: 'ServiceUnavailable' } });
    expect(await failure(apns.send('t', message))).toMatchObject({ retryable: true });
    apns.close();
  });
});

describe('Pusher Beams', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer(() => ({ status: 200, body: { publishId: 'pubid-1' } }));
  });
  afterAll(() => server.close());
  const adapter = () =>
    beamsAdapter({ instanceId: 'inst-1', secretKey: 'beams-secret', baseUrl: server.url });

  it('publishes to a user with the secret key as bearer token', async () => {
    await expect(adapter().send('user-uid', message)).resolves.toBe('pubid-1');
    const request = server.requests.at(-1);
    expect(request).toMatchObject({
      method: 'POST',
      path: '/publish_api/v1/instances/inst-1/publishes/users',
    });
    expect(request?.headers.authorization).toBe('Bearer beams-secret');
    const body = JSON.parse(request?.body ?? '');
    expect(body.users).toEqual(['user-uid']);
    expect(body.fcm).toEqual({ notification: { title: 'Замовлення', body: 'Відправлено' } });
    expect(body.apns).toEqual({ aps: { alert: { title: 'Замовлення', body: 'Відправлено' } } });
  });

  it('maps a bad key to final and a 500 to retryable', async () => {
    server.next({ status: 401, body: { error: 'Unauthorized', description: 'Incorrect API Key' } });
    expect(await failure(adapter().check())).toMatchObject({
      retryable: false,
      message: 'Pusher Beams 401: Unauthorized: Incorrect API Key',
    });
    server.next({ status: 500, body: { error: 'Internal', description: 'Try again' } });
    expect(await failure(adapter().send('u', message))).toMatchObject({ retryable: true });
  });
});

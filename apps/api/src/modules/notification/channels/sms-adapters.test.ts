import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snsAdapter } from './aws-sns.js';
import { ProviderError } from './provider-error.js';
import { type ProviderServer, startProviderServer } from './provider-server.test-support.js';
import { twilioAdapter } from './twilio.js';
import { vonageAdapter } from './vonage.js';

const message = { title: null, body: 'Ваш код: 1234' };

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('Twilio Messages API', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer((request) =>
      request.method === 'GET'
        ? { status: 200, body: { friendly_name: 'Pult test', status: 'active' } }
        : { status: 201, body: { sid: 'SM0001', status: 'queued' } },
    );
  });
  afterAll(() => server.close());
  const adapter = () =>
    twilioAdapter({
      accountSid: 'AC123',
      authToken: 'tw-token',
      from: '+380441234567',
      baseUrl: `${server.url}/`,
    });

  it('sends with basic auth and a form body, as Twilio documents', async () => {
    await expect(adapter().send('+380501234567', message)).resolves.toBe('SM0001');
    const request = server.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/2010-04-01/Accounts/AC123/Messages.json');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('AC123:tw-token').toString('base64')}`);
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      To: '+380501234567',
      From: '+380441234567',
      Body: 'Ваш код: 1234',
    });
  });

  it('checks the account with a signed-in read', async () => {
    await expect(adapter().check()).resolves.toBe('Pult test: active');
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/2010-04-01/Accounts/AC123.json' });
  });

  it('retries a 429 after its Retry-After and a 503; fails a bad number at once', async () => {
    server.next({
      status: 429,
      headers: { 'retry-after': '30' },
      body: { code: 20429, message: 'Too Many Requests' },
    });
    const throttled = await failure(adapter().send('+380501234567', message));
    expect(throttled).toMatchObject({ retryable: true, options: { retryAfterSeconds: 30 } });
    server.next({ status: 503, body: 'Service Unavailable' });
    expect(await failure(adapter().send('+380501234567', message))).toMatchObject({ retryable: true });
    server.next({
      status: 400,
      body: { code: 21211, message: "The 'To' number +1 is not a valid phone number." },
    });
    const bad = await failure(adapter().send('+1', message));
    expect(bad.retryable).toBe(false);
    expect(bad.message).toBe("Twilio 400: The 'To' number +1 is not a valid phone number. (21211)");
  });

  it('treats an unreachable API as retryable', async () => {
    const down = twilioAdapter({
      accountSid: 'AC1',
      authToken: 't',
      from: '+380441234567',
      baseUrl: 'http://127.0.0.1:9',
    });
    expect(await failure(down.send('+380501234567', message))).toMatchObject({ retryable: true });
  });
});

describe('Vonage SMS API', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer(() => ({
      status: 200,
      body: { 'message-count': '1', messages: [{ status: '0', 'message-id': 'VN-1' }] },
    }));
  });
  afterAll(() => server.close());
  const adapter = () =>
    vonageAdapter({ apiKey: 'vk', apiSecret: 'vs-secret', from: '+380441234567', baseUrl: server.url });

  it('posts api_key, api_secret, from, to and text to /sms/json', async () => {
    await expect(adapter().send('+380501234567', message)).resolves.toBe('VN-1');
    const request = server.requests.at(-1);
    expect(request).toMatchObject({ method: 'POST', path: '/sms/json' });
    expect(Object.fromEntries(new URLSearchParams(request?.body))).toEqual({
      api_key: 'vk',
      api_secret: 'vs-secret',
      from: '380441234567',
      to: '380501234567',
      text: 'Ваш код: 1234',
      type: 'unicode',
    });
  });

  it('reads per-message statuses: throttled is retryable, an invalid number is final', async () => {
    server.next({
      status: 200,
      body: { messages: [{ status: '1', 'error-text': 'Throughput Rate Exceeded' }] },
    });
    expect(await failure(adapter().send('+380501234567', message))).toMatchObject({ retryable: true });
    server.next({ status: 200, body: { messages: [{ status: '3', 'error-text': 'Invalid to number' }] } });
    const bad = await failure(adapter().send('+380501234567', message));
    expect(bad).toMatchObject({ retryable: false, message: 'Vonage status 3: Invalid to number' });
  });

  it('checks the balance with basic auth, keeping the secret out of the URL', async () => {
    server.next({ status: 200, body: { value: 10.5, autoReload: false } });
    await expect(adapter().check()).resolves.toBe('balance 10.5');
    const request = server.requests.at(-1);
    expect(request?.path).toBe('/account/get-balance');
    expect(request?.headers.authorization).toBe(`Basic ${Buffer.from('vk:vs-secret').toString('base64')}`);
  });
});

describe('AWS SNS Publish', () => {
  let server: ProviderServer;
  beforeAll(async () => {
    server = await startProviderServer(() => ({
      status: 200,
      body: '<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><PublishResult><MessageId>sns-1</MessageId></PublishResult><ResponseMetadata><RequestId>r1</RequestId></ResponseMetadata></PublishResponse>',
    }));
  });
  afterAll(() => server.close());
  const adapter = () =>
    snsAdapter({
      accessKeyId: 'AKIDTEST',
      secretAccessKey: 'sns-secret',
      region: 'eu-central-1',
      baseUrl: server.url,
      senderId: null,
    });

  it('publishes to a phone number with a SigV4 signature', async () => {
    const sns = adapter();
    await expect(sns.send('+380501234567', message)).resolves.toBe('sns-1');
    sns.close();
    const request = server.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(String(request?.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-central-1\/sns\/aws4_request, SignedHeaders=.+, Signature=[0-9a-f]{64}$/,
    );
    const form = new URLSearchParams(request?.body);
    expect(form.get('Action')).toBe('Publish');
    expect(form.get('PhoneNumber')).toBe('+380501234567');
    expect(form.get('Message')).toBe('Ваш код: 1234');
    expect(request?.body).not.toContain('sns-secret');
  });

  it('maps a throttle to retryable and an invalid parameter to final', async () => {
    const error = (code: string, status: number) => ({
      status,
      body: `<ErrorResponse><Error><Type>Sender</Type><Code>${code}</Code><Message>${code} happened</Message></Error><RequestId>r2</RequestId></ErrorResponse>`,
    });
    server.next(error('Throttling', 400));
    expect(await failure(adapter().send('+380501234567', message))).toMatchObject({ retryable: true });
    server.next(error('InvalidParameter', 400));
    const bad = await failure(adapter().send('+380501234567', message));
    expect(bad.retryable).toBe(false);
    expect(bad.message).toContain('InvalidParameter');
    server.next(error('InternalError', 500));
    expect(await failure(adapter().send('+380501234567', message))).toMatchObject({ retryable: true });
  });
});

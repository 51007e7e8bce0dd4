import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server.js';
import { startOtlpReceiver } from './otlp-receiver.test-support.js';

/**
 * Outbound calls as client spans: S3 through the AWS SDK (node:http) and a provider's API through
 * `fetch` (undici), both loaded before the SDK started, as in the bundled server; query strings
 * (a provider's key, a phone number) cut off.
 */
const SCRIPT = fileURLToPath(new URL('./outbound-calls.test-support.ts', import.meta.url));
const CLIENT = 3;

describe('outbound calls with tracing on', () => {
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>>;
  let s3: TestS3Server;
  let provider: Server;
  let providerUrl: string;
  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    s3 = await startS3Server();
    provider = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"queued"}');
    });
    await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
    providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await receiver?.close();
    await s3?.close();
    await new Promise((resolve) => provider?.close(resolve));
  });

  it('records the S3 upload and the provider call under the active span, without query strings', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: {
        ...process.env,
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
        S3_ENDPOINT: s3.endpoint,
        S3_BUCKET: s3.bucket,
        PROVIDER_URL: providerUrl,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);

    const parent = receiver.spans.find((span) => span.name === 'outbound calls');
    expect(parent).toBeDefined();
    const children = receiver.spans.filter(
      (span) => span.traceId === parent?.traceId && span.parentSpanId === parent?.spanId,
    );
    const upload = children.find((span) => span.scope === '@opentelemetry/instrumentation-http');
    expect(upload).toMatchObject({ kind: CLIENT, name: 'PUT' });
    expect(JSON.stringify(upload?.attributes)).toContain(`/${s3.bucket}/traced.txt`);
    const call = children.find((span) => span.scope === '@opentelemetry/instrumentation-undici');
    expect(call).toMatchObject({ kind: CLIENT, attributes: { 'url.full': `${providerUrl}/sms.json` } });
    for (const body of receiver.bodies) {
      expect(body).not.toContain('provider-secret');
      expect(body).not.toContain('380501234567');
    }
  }, 60_000);
});

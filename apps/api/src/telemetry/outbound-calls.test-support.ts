import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { trace } from '@opentelemetry/api';
import { startTelemetry } from './start-telemetry.js';

/**
 * Run in a process of its own by `outbound.process.test.ts`: the AWS SDK is loaded before the SDK
 * starts (as in the bundle), then an S3 upload and a provider-style `fetch` run inside one span.
 * Environment: OTEL_EXPORTER_OTLP_ENDPOINT, S3_ENDPOINT, S3_BUCKET, PROVIDER_URL.
 */
const telemetry = await startTelemetry();
const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};
await trace.getTracer('outbound-test').startActiveSpan('outbound calls', async (span) => {
  const s3 = new S3Client({
    endpoint: env('S3_ENDPOINT'),
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new PutObjectCommand({ Bucket: env('S3_BUCKET'), Key: 'traced.txt', Body: 'traced' }));
  s3.destroy();
  const answer = await fetch(`${env('PROVIDER_URL')}/sms.json?api_key=provider-secret&to=%2B380501234567`);
  await answer.text();
  span.end();
});
await telemetry.shutdown();

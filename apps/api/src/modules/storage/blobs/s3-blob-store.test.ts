import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.js';
import { blobKey } from './blob-store.js';
import { blobStoreSuite } from './blob-store.suite.js';
import { createS3BlobStore } from './s3-blob-store.js';

let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const open = () =>
  createS3BlobStore({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    credentials: s3.credentials,
    forcePathStyle: true,
  });

blobStoreSuite('S3', open);

describe('S3 presigned links', () => {
  it('are served by the store itself with the asked type and disposition', async () => {
    const store = open();
    const key = blobKey(9, randomUUID());
    await store.put(key, Readable.from([Buffer.from('%PDF-1.4 demo')]), 'application/pdf');
    const url = await store.presignGet!(key, {
      expiresInSeconds: 60,
      contentType: 'application/pdf',
      contentDisposition: 'attachment; filename="report.pdf"',
    });
    expect(url.startsWith(s3.endpoint)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="report.pdf"');
    expect(await response.text()).toBe('%PDF-1.4 demo');
  });
});

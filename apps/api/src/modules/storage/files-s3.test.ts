import type { FileUrl, StorageFile } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/factories.js';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { blobKeys, createBucket, multipart, PNG_1X1, STORAGE } from '../../test/storage-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const MB = 1024 * 1024;

/** The same service on an S3-compatible store (a real S3-protocol server), as `STORAGE_DRIVER=s3` configures it. */
describe('storage files on an S3 store', () => {
  let s3: TestS3Server;
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp('pglite', s3.env);
    admin = await adminHeaders(t);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (bucket: string, path: string, content: Buffer | string) => {
    const body = multipart({ bucket, path }, { content });
    return t.app.inject({
      method: 'POST',
      url: `${STORAGE}/admin/files`,
      payload: body.payload,
      headers: { ...admin, ...body.headers },
    });
  };

  it('is configured from the environment', () => {
    expect(t.config.blobStore).toMatchObject({
      driver: 's3',
      bucket: s3.bucket,
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
  });

  it('stores a file and hands out a presigned link the store serves itself', async () => {
    const bucket = await createBucket(t, admin, { size_limit_mb: 10 });
    const content = Buffer.alloc(6 * MB + 123, 5);
    const response = await upload(bucket.name, 'big/архів.bin', content);
    expect(response.statusCode, response.body).toBe(201);
    const file = response.json<StorageFile>();
    expect(await blobKeys(t, `files/${bucket.id}/`)).toHaveLength(1);
    const link = (
      await t.app.inject({ method: 'GET', url: `${STORAGE}/admin/files/${file.uuid}/url`, headers: admin })
    ).json<FileUrl>();
    expect(link.url.startsWith(s3.endpoint)).toBe(true);
    const download = await fetch(link.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%D0%B0%D1%80%D1%85%D1%96%D0%B2.bin",
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${STORAGE}/admin/files/${file.uuid}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(await blobKeys(t, `files/${bucket.id}/`)).toEqual([]);
  });

  it('leaves no object when a file is over the limit past the first part', async () => {
    const bucket = await createBucket(t, admin, { size_limit_mb: 6 });
    const response = await upload(bucket.name, 'too-big.bin', Buffer.alloc(7 * MB, 1));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: { file: ['The file is larger than this bucket allows (6 MB)'] },
    });
    expect(await blobKeys(t, `files/${bucket.id}/`)).toEqual([]);
    expect(await t.db.selectFrom('storage_blob_gc').selectAll().execute()).toEqual([]);
  });

  it('redirects a public file’s stable URL to the store', async () => {
    const bucket = await createBucket(t, admin, { access: 'public' });
    await upload(bucket.name, 'logo.png', PNG_1X1);
    const response = await t.app.inject({ method: 'GET', url: `${STORAGE}/public/${bucket.name}/logo.png` });
    expect(response.statusCode).toBe(302);
    const image = await fetch(response.headers.location as string);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });
});

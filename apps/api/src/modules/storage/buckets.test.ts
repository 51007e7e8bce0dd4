import type { Bucket, ListResponse } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/factories.js';
import { blobKeys, createBucket, multipart, STORAGE } from '../../test/storage-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

describe.each(testDatabaseKinds())('storage buckets on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await adminHeaders(t);
  });
  afterAll(() => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `${STORAGE}${url}`,
      headers: admin,
      payload,
    });

  const upload = (bucket: string, path: string, content = 'hello') =>
    t.app.inject({
      method: 'POST',
      url: `${STORAGE}/admin/files`,
      ...(() => {
        const body = multipart({ bucket, path }, { content, filename: 'x.txt' });
        return { payload: body.payload, headers: { ...admin, ...body.headers } };
      })(),
    });

  it('needs an administrator', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${STORAGE}/admin/buckets` });
    expect(response.statusCode).toBe(401);
  });

  it('creates a bucket with normalised rules and lists it with zero files', async () => {
    const response = await call('POST', '/admin/buckets', {
      name: 'photos-2026',
      access: 'public',
      size_limit_mb: 10,
      presign_expiry_seconds: 60,
      allowed_extensions: ['.JPG', 'png', 'png'],
      allowed_mimes: ['Image/*'],
      groups: ['Editors'],
    });
    expect(response.statusCode, response.body).toBe(201);
    const bucket = response.json<Bucket>();
    expect(bucket).toMatchObject({
      name: 'photos-2026',
      allowed_extensions: ['jpg', 'png'],
      allowed_mimes: ['image/*'],
      groups: ['editors'],
      file_count: 0,
      bytes_used: 0,
    });
    const list = await call('GET', '/admin/buckets?filter[name]=photos-2026');
    expect(list.json<ListResponse<Bucket>>().items.map((item) => item.name)).toEqual(['photos-2026']);
  });

  it('refuses bad fields under their names, and a taken name', async () => {
    const response = await call('POST', '/admin/buckets', {
      name: 'Bad_Name',
      access: 'secret',
      size_limit_mb: 0,
      presign_expiry_seconds: 604_801,
      allowed_extensions: ['tar.gz'],
      allowed_mimes: ['image'],
      extra: true,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: {
        name: [
          'Use 3–63 lower-case letters, digits and dashes, starting and ending with a letter or a digit',
        ],
        access: ['Choose one of the options'],
        size_limit_mb: ['A whole number of megabytes from 1 to 10,240'],
        presign_expiry_seconds: ['A whole number of seconds from 60 to 604,800 (7 days)'],
        'allowed_extensions.0': ['An extension is 1–20 letters or digits without the dot, e.g. jpg'],
        'allowed_mimes.0': ['A MIME type such as image/png, or a family such as image/*'],
        extra: ['Unknown field'],
      },
    });
    const first = await createBucket(t, admin);
    const taken = await call('POST', '/admin/buckets', {
      name: first.name,
      access: 'private',
      size_limit_mb: 1,
      presign_expiry_seconds: 60,
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: { name: ['This name is already taken'] } });
  });

  it('updates the rules but never the name', async () => {
    const bucket = await createBucket(t, admin);
    const renamed = await call('PUT', `/admin/buckets/${bucket.id}`, {
      name: 'other',
      access: 'public',
      size_limit_mb: 2,
      presign_expiry_seconds: 120,
    });
    expect(renamed.statusCode).toBe(422);
    expect(renamed.json()).toEqual({ message: { name: ['Unknown field'] } });
    const updated = await call('PUT', `/admin/buckets/${bucket.id}`, {
      access: 'public',
      size_limit_mb: 2,
      presign_expiry_seconds: 120,
      groups: ['staff'],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Bucket>()).toMatchObject({ name: bucket.name, access: 'public', groups: ['staff'] });
  });

  it('keeps file count and bytes used as files come and go', async () => {
    const bucket = await createBucket(t, admin);
    expect((await upload(bucket.name, 'a.txt', 'abc')).statusCode).toBe(201);
    expect((await upload(bucket.name, 'b.txt', 'hello')).statusCode).toBe(201);
    // Replacing a file changes the bytes, not the count.
    expect((await upload(bucket.name, 'a.txt', 'abcdefgh')).statusCode).toBe(201);
    let row = (await call('GET', `/admin/buckets/${bucket.id}`)).json<Bucket>();
    expect([row.file_count, row.bytes_used]).toEqual([2, 13]);
    const files = await call('GET', `/admin/files?filter[bucket_id]=${bucket.id}`);
    const uuid = files
      .json<ListResponse<{ uuid: string; path: string }>>()
      .items.find((f) => f.path === 'b.txt')?.uuid;
    expect((await call('DELETE', `/admin/files/${uuid}`)).statusCode).toBe(200);
    row = (await call('GET', `/admin/buckets/${bucket.id}`)).json<Bucket>();
    expect([row.file_count, row.bytes_used]).toEqual([1, 8]);
  });

  it('deletes an empty bucket at once', async () => {
    const bucket = await createBucket(t, admin);
    expect((await call('DELETE', `/admin/buckets/${bucket.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/admin/buckets/${bucket.id}`)).statusCode).toBe(404);
  });

  it('deletes a bucket with files only when the count is confirmed, then removes blobs and rows', async () => {
    const bucket = await createBucket(t, admin);
    for (const name of ['1.txt', '2.txt', '3.txt'])
      expect((await upload(bucket.name, name)).statusCode).toBe(201);
    expect(await blobKeys(t, `files/${bucket.id}/`)).toHaveLength(3);

    const unconfirmed = await call('DELETE', `/admin/buckets/${bucket.id}`);
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json()).toEqual({
      message: 'The bucket holds files (count: 3). To delete it, confirm deleting it with its files.',
    });
    // A count that is not the current one (a file arrived since the dialog opened) deletes nothing.
    expect((await call('DELETE', `/admin/buckets/${bucket.id}?confirm_files=2`)).statusCode).toBe(422);
    expect((await call('DELETE', `/admin/buckets/${bucket.id}?confirm_files=x`)).statusCode).toBe(422);
    expect(await blobKeys(t, `files/${bucket.id}/`)).toHaveLength(3);

    const confirmed = await call('DELETE', `/admin/buckets/${bucket.id}?confirm_files=3`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call('GET', `/admin/buckets/${bucket.id}`)).statusCode).toBe(404);
    expect(await blobKeys(t, `files/${bucket.id}/`)).toEqual([]);
    const files = await t.db
      .selectFrom('storage_files')
      .select('id')
      .where('bucket_id', '=', bucket.id)
      .execute();
    expect(files).toEqual([]);
    // The name is free again.
    expect((await createBucket(t, admin, { name: bucket.name })).name).toBe(bucket.name);
  });

  it('never loses a file to a delete confirmed for fewer files, when an upload races it', async () => {
    for (let round = 0; round < 4; round += 1) {
      const bucket = await createBucket(t, admin);
      expect((await upload(bucket.name, 'first.txt')).statusCode).toBe(201);
      const [late, removal] = await Promise.all([
        upload(bucket.name, 'late.txt'),
        call('DELETE', `/admin/buckets/${bucket.id}?confirm_files=1`),
      ]);
      const rows = await t.db
        .selectFrom('storage_files')
        .select('path')
        .where('bucket_id', '=', bucket.id)
        .execute();
      const blobs = await blobKeys(t, `files/${bucket.id}/`);
      if (removal.statusCode === 200) {
        // The delete went first: the late upload found the bucket gone and left nothing behind.
        expect(late.statusCode).toBe(422);
        expect([rows, blobs]).toEqual([[], []]);
      } else {
        // The upload went first: the confirmation no longer matched, so nothing was deleted.
        expect(removal.statusCode).toBe(422);
        expect(late.statusCode).toBe(201);
        expect(rows).toHaveLength(2);
        expect(blobs).toHaveLength(2);
      }
    }
  });

  it('lists buckets for the upload form', async () => {
    const bucket = await createBucket(t, admin);
    const lookup = await call('GET', '/admin/buckets/lookup');
    expect(lookup.json<{ items: { value: number; label: string }[] }>().items).toContainEqual({
      value: bucket.id,
      label: bucket.name,
    });
  });
});

import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FileUrl, ListResponse, PlatformFile, StorageFile } from '@pult/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/factories.js';
import {
  blobKeys,
  createBucket,
  type FilePart,
  multipart,
  openStorageTest,
  PNG_1X1,
  platformUser,
  STORAGE,
} from '../../test/storage-factories.js';
import type { TestApp } from '../../test/test-app.js';
import { testDatabaseKinds } from '../../test/test-database.js';

const MB = 1024 * 1024;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

describe.each(testDatabaseKinds())('storage files on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let service: Record<string, string>;

  beforeAll(async () => {
    ({ t, admin, service } = await openStorageTest(kind));
  });
  afterAll(() => t?.close());

  function send(
    url: string,
    headers: Record<string, string>,
    fields: Record<string, string>,
    ...files: FilePart[]
  ) {
    const body = multipart(fields, ...files);
    return t.app.inject({
      method: 'POST',
      url: `${STORAGE}${url}`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: url.startsWith('http') ? new URL(url).pathname + new URL(url).search : `${STORAGE}${url}`,
      headers,
    });

  async function rowsOf(bucketId: number) {
    return t.db
      .selectFrom('storage_files')
      .select(['path', 'size', 'mime_type'])
      .where('bucket_id', '=', bucketId)
      .execute();
  }
  async function gcRows() {
    return t.db.selectFrom('storage_blob_gc').select('blob_key').execute();
  }

  describe('rules of a bucket', () => {
    it('stores a file, sniffing its type from the content, not the claim', async () => {
      const bucket = await createBucket(t, admin);
      const response = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'pics/ліс 1.png' },
        {
          content: PNG_1X1,
          filename: 'whatever.txt',
          contentType: 'text/plain',
        },
      );
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<StorageFile>()).toMatchObject({
        bucket_name: bucket.name,
        path: 'pics/ліс 1.png',
        size: PNG_1X1.length,
        mime_type: 'image/png',
        owner_uid: null,
      });
      expect(await blobKeys(t, `files/${bucket.id}/`)).toHaveLength(1);
      expect(await gcRows()).toEqual([]);
    });

    it('refuses a file over the size limit while streaming, leaving no blob and no row', async () => {
      const bucket = await createBucket(t, admin, { size_limit_mb: 1 });
      const exact = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'exact.bin' },
        {
          content: Buffer.alloc(MB, 1),
        },
      );
      expect(exact.statusCode, exact.body).toBe(201);
      const over = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'over.bin' },
        {
          content: Buffer.alloc(MB + 1, 1),
        },
      );
      expect(over.statusCode).toBe(422);
      expect(over.json()).toEqual({
        message: { file: ['The file is larger than this bucket allows (1 MB)'] },
      });
      expect((await rowsOf(bucket.id)).map((row) => row.path)).toEqual(['exact.bin']);
      expect(await blobKeys(t, `files/${bucket.id}/`)).toHaveLength(1);
      expect(await gcRows()).toEqual([]);
    });

    it('answers the extension and MIME rules with 422s naming the rule', async () => {
      const bucket = await createBucket(t, admin, {
        allowed_extensions: ['png', 'pdf'],
        allowed_mimes: ['image/*'],
      });
      const extension = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'run.exe' },
        { content: PNG_1X1 },
      );
      expect(extension.json()).toEqual({
        message: { path: ['This bucket does not accept “exe” files (allowed: png, pdf)'] },
      });
      // A PDF named .png is a PDF: the content decides.
      const disguised = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'fake.png' },
        {
          content: PDF,
          contentType: 'image/png',
        },
      );
      expect(disguised.statusCode).toBe(422);
      expect(disguised.json()).toEqual({
        message: {
          file: [
            'The file’s content is application/pdf, which this bucket does not accept (allowed: image/*)',
          ],
        },
      });
      const text = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'note.png' },
        { content: 'just text' },
      );
      expect(text.json()).toEqual({
        message: {
          file: ['The file’s content is text/plain, which this bucket does not accept (allowed: image/*)'],
        },
      });
      expect(await rowsOf(bucket.id)).toEqual([]);
      expect(await blobKeys(t, `files/${bucket.id}/`)).toEqual([]);
    });

    it('refuses unsafe paths and names the reason', async () => {
      const bucket = await createBucket(t, admin);
      const cases: [string, string][] = [
        ['../escape.txt', 'The path must not contain the names . or ..'],
        ['a/./b.txt', 'The path must not contain the names . or ..'],
        ['/etc/passwd', 'The path must be relative: no leading slash or drive letter'],
        ['C:/x.txt', 'The path must be relative: no leading slash or drive letter'],
        ['a//b.txt', 'The path must not contain empty names (//), a backslash or a trailing slash'],
        ['a\\b.txt', 'The path must not contain empty names (//), a backslash or a trailing slash'],
        ['bell\u0007.txt', 'The path must not contain control or direction-override characters'],
        ['invoice\u202Efdp.exe', 'The path must not contain control or direction-override characters'],
        [`${'я'.repeat(128)}.txt`, 'The path is too long: 1,024 bytes at most, 255 per name'],
        [`${'a/'.repeat(600)}x`, 'The path is too long: 1,024 bytes at most, 255 per name'],
      ];
      for (const [path, message] of cases) {
        const response = await send('/admin/files', admin, { bucket: bucket.name, path }, { content: 'x' });
        expect(response.statusCode, path).toBe(422);
        expect(response.json(), path).toEqual({ message: { path: [message] } });
      }
      expect(await rowsOf(bucket.id)).toEqual([]);
    });

    it('refuses a missing bucket, a missing file, a second file and fields after the file', async () => {
      const bucket = await createBucket(t, admin);
      const unknown = await send(
        '/admin/files',
        admin,
        { bucket: 'no-such-bucket', path: 'a.txt' },
        { content: 'x' },
      );
      expect(unknown.json()).toEqual({ message: { bucket: ['No such bucket'] } });
      const noFile = await send('/admin/files', admin, { bucket: bucket.name, path: 'a.txt' });
      expect(noFile.json()).toEqual({ message: { file: ['Attach a file'] } });
      const two = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'a.txt' },
        { content: 'x' },
        { content: 'y' },
      );
      expect(two.statusCode).toBe(422);
      expect(two.json()).toEqual({ message: { file: ['Send one file per request'] } });
      const json = await t.app.inject({
        method: 'POST',
        url: `${STORAGE}/admin/files`,
        headers: admin,
        payload: { bucket: bucket.name },
      });
      expect(json.statusCode).toBe(415);
      expect(await rowsOf(bucket.id)).toEqual([]);
      expect(await blobKeys(t, `files/${bucket.id}/`)).toEqual([]);
    });

    it('replaces a file at the same path for its owner only', async () => {
      const bucket = await createBucket(t, admin);
      const owner = await platformUser(t);
      const other = await platformUser(t);
      const first = await send(
        '/files',
        owner.headers,
        { bucket: bucket.name, path: 'doc.txt' },
        { content: 'one' },
      );
      expect(first.statusCode).toBe(201);
      const again = await send(
        '/files',
        owner.headers,
        { bucket: bucket.name, path: 'doc.txt' },
        { content: 'second' },
      );
      expect(again.statusCode).toBe(201);
      expect(again.json<PlatformFile>().uuid).toBe(first.json<PlatformFile>().uuid);
      expect(again.json<PlatformFile>().size).toBe(6);
      const stranger = await send(
        '/files',
        other.headers,
        { bucket: bucket.name, path: 'doc.txt' },
        { content: 'mine!' },
      );
      expect(stranger.statusCode).toBe(422);
      expect(stranger.json()).toEqual({
        message: { path: ['A file of another owner is already at this path'] },
      });
      // One blob remains: the replaced one and the refused one are gone.
      expect(await blobKeys(t, `files/${bucket.id}/`)).toHaveLength(1);
      expect(await gcRows()).toEqual([]);
    });
  });

  it('keeps one file and one blob when uploads to one path race', async () => {
    const bucket = await createBucket(t, admin);
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        send('/admin/files', admin, { bucket: bucket.name, path: 'race.txt' }, { content: `version ${i}` }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    expect(await rowsOf(bucket.id)).toHaveLength(1);
    expect(await blobKeys(t, `files/${bucket.id}/`)).toHaveLength(1);
    expect(await gcRows()).toEqual([]);
    const counters = await t.db
      .selectFrom('storage_buckets')
      .select(['file_count', 'bytes_used'])
      .where('id', '=', bucket.id)
      .executeTakeFirstOrThrow();
    expect(counters).toEqual({ file_count: 1, bytes_used: 9 });
  });

  describe('the platform API', () => {
    it('lets a user upload, list, link and delete their own files only', async () => {
      const bucket = await createBucket(t, admin);
      const ann = await platformUser(t);
      const bob = await platformUser(t);
      const upload = await send(
        '/files',
        ann.headers,
        { bucket: bucket.name, path: 'ann/cv.pdf' },
        { content: PDF },
      );
      expect(upload.statusCode, upload.body).toBe(201);
      const file = upload.json<PlatformFile>();
      expect(file).toMatchObject({ bucket: bucket.name, owner_uid: ann.uid, mime_type: 'application/pdf' });

      const annList = await get('/files', ann.headers);
      expect(annList.json<ListResponse<PlatformFile>>().items.map((item) => item.uuid)).toEqual([file.uuid]);
      expect((await get('/files', bob.headers)).json<ListResponse<PlatformFile>>().total).toBe(0);
      expect((await get(`/files/${file.uuid}`, bob.headers)).statusCode).toBe(404);
      expect((await get(`/files/${file.uuid}/url`, bob.headers)).statusCode).toBe(404);
      const bobDelete = await t.app.inject({
        method: 'DELETE',
        url: `${STORAGE}/files/${file.uuid}`,
        headers: bob.headers,
      });
      expect(bobDelete.statusCode).toBe(404);

      const link = (await get(`/files/${file.uuid}/url`, ann.headers)).json<FileUrl>();
      expect(link.expires_at).toBe(Math.floor(t.time.clock().getTime() / 1000) + 600);
      const download = await get(link.url);
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PDF)).toBe(true);

      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `${STORAGE}/files/${file.uuid}`,
        headers: ann.headers,
      });
      expect(deleted.statusCode).toBe(200);
      expect((await get(link.url)).statusCode).toBe(404);
      expect(await blobKeys(t, `files/${bucket.id}/`)).toEqual([]);
    });

    it('lets only users of the bucket’s groups upload; a user may not name an owner', async () => {
      const bucket = await createBucket(t, admin, { groups: ['staff', 'editors'] });
      const outsider = await platformUser(t, ['guests']);
      const editor = await platformUser(t, ['editors']);
      const refused = await send(
        '/files',
        outsider.headers,
        { bucket: bucket.name, path: 'a.txt' },
        { content: 'x' },
      );
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'You are not in a group that may upload to this bucket' });
      const accepted = await send(
        '/files',
        editor.headers,
        { bucket: bucket.name, path: 'a.txt' },
        { content: 'x' },
      );
      expect(accepted.statusCode).toBe(201);
      const impostor = await send(
        '/files',
        editor.headers,
        { bucket: bucket.name, path: 'b.txt', owner_uid: outsider.uid },
        {
          content: 'x',
        },
      );
      expect(impostor.json()).toEqual({ message: { owner_uid: ['Unknown field'] } });
      expect(await rowsOf(bucket.id)).toHaveLength(1);
    });

    it('lets a service act for any owner, and refuses other keys and anonymous callers', async () => {
      const bucket = await createBucket(t, admin, { groups: ['staff'] });
      const user = await platformUser(t);
      const upload = await send(
        '/files',
        service,
        { bucket: bucket.name, path: 'for-user.txt', owner_uid: user.uid },
        {
          content: 'made by a service',
        },
      );
      expect(upload.statusCode, upload.body).toBe(201);
      expect(upload.json<PlatformFile>().owner_uid).toBe(user.uid);
      expect((await get('/files', user.headers)).json<ListResponse<PlatformFile>>().total).toBe(1);
      const byOwner = await get(`/files?filter[owner_uid]=${user.uid}`, service);
      expect(byOwner.json<ListResponse<PlatformFile>>().items.map((item) => item.path)).toEqual([
        'for-user.txt',
      ]);
      const nobody = await send(
        '/files',
        service,
        { bucket: bucket.name, path: 'x.txt', owner_uid: '00000000-0000-4000-8000-000000000000' },
        {
          content: 'x',
        },
      );
      expect(nobody.json()).toEqual({ message: { owner_uid: ['No platform user has this uid'] } });
      expect((await get('/files', { 'x-api-key': 'pult_wrong' })).statusCode).toBe(401);
      expect((await get('/files')).statusCode).toBe(401);
      const serviceDelete = await t.app.inject({
        method: 'DELETE',
        url: `${STORAGE}/files/${upload.json<PlatformFile>().uuid}`,
        headers: service,
      });
      expect(serviceDelete.statusCode).toBe(200);
    });
  });

  describe('links', () => {
    async function privateFile() {
      const bucket = await createBucket(t, admin, { presign_expiry_seconds: 60 });
      const upload = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'docs/звіт.pdf' },
        { content: PDF },
      );
      return upload.json<StorageFile>();
    }

    it('serves a signed link until it expires, with the file’s name and safe headers', async () => {
      const file = await privateFile();
      const link = (await get(`/admin/files/${file.uuid}/url?disposition=attachment`, admin)).json<FileUrl>();
      const response = await get(link.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="____.pdf"; filename*=UTF-8\'\'%D0%B7%D0%B2%D1%96%D1%82.pdf',
      );
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      t.time.advance(61);
      const expired = await get(link.url, { Lang: 'en-US' });
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toEqual({ error: 'The link has expired' });
      // Moving the clock outlived the administrator's access token too.
      admin = await adminHeaders(t);
    });

    it('refuses a link whose claims or signature were changed', async () => {
      const file = await privateFile();
      const link = (await get(`/admin/files/${file.uuid}/url`, admin)).json<FileUrl>();
      const url = new URL(link.url);
      const [, , , , , token, name] = url.pathname.split('/');
      const [payload, signature] = (token ?? '').split('.');
      const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
      const longer = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 3600 })).toString('base64url');
      const flipped = `${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`;
      for (const forged of [`${longer}.${signature}`, `${payload}.${flipped}`, `${payload}`, 'garbage']) {
        const response = await get(
          `${STORAGE}/blobs/${forged}/${name}`.replace(STORAGE, `http://x${STORAGE}`),
          {
            Lang: 'en-US',
          },
        );
        expect(response.statusCode, forged).toBe(403);
        expect(response.json()).toEqual({ error: 'The link is invalid' });
      }
    });

    it('shows text inline only as plain text, and HTML never as a page', async () => {
      const bucket = await createBucket(t, admin);
      const upload = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'page.html' },
        {
          content: '<script>alert(1)</script>',
        },
      );
      const file = upload.json<StorageFile>();
      expect(file.mime_type).toBe('text/html');
      const inline = (await get(`/admin/files/${file.uuid}/url?disposition=inline`, admin)).json<FileUrl>();
      const response = await get(inline.url);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(response.headers['content-security-policy']).toContain('sandbox');
    });

    it('gives a public bucket’s files a stable URL that needs no token', async () => {
      const bucket = await createBucket(t, admin, { access: 'public' });
      const upload = await send(
        '/admin/files',
        admin,
        { bucket: bucket.name, path: 'img/сонце.png' },
        { content: PNG_1X1 },
      );
      const file = upload.json<StorageFile>();
      const link = (await get(`/admin/files/${file.uuid}/url?disposition=inline`, admin)).json<FileUrl>();
      expect(link.expires_at).toBeNull();
      expect(link.url).toBe(
        `${t.config.serviceUrls.storage}/public/${bucket.name}/img/%D1%81%D0%BE%D0%BD%D1%86%D0%B5.png`,
      );
      t.time.advance(30 * 24 * 3600);
      admin = await adminHeaders(t);
      const response = await get(link.url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.rawPayload.equals(PNG_1X1)).toBe(true);
      expect(
        (await get(`${STORAGE}/public/${bucket.name}/img/missing.png`.replace(STORAGE, `http://x${STORAGE}`)))
          .statusCode,
      ).toBe(404);
      // A private bucket has no public URL.
      const closed = await createBucket(t, admin);
      await send('/admin/files', admin, { bucket: closed.name, path: 'a.png' }, { content: PNG_1X1 });
      expect((await get(`http://x${STORAGE}/public/${closed.name}/a.png`)).statusCode).toBe(404);
    });
  });

  it('leaves no blob and no row when the client aborts an upload midway (real HTTP)', async () => {
    const bucket = await createBucket(t, admin, { size_limit_mb: 50 });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const body = multipart({ bucket: bucket.name, path: 'big.bin' }, { content: Buffer.alloc(8 * MB, 7) });
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `${STORAGE}/admin/files`,
        headers: { ...admin, ...body.headers, 'content-length': String(body.payload.length) },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      // Half the body, then the connection drops.
      request.write(body.payload.subarray(0, 4 * MB), () => setTimeout(() => request.destroy(), 200));
    });
    await expect.poll(async () => (await gcRows()).length, { timeout: 10_000 }).toBe(0);
    expect(await rowsOf(bucket.id)).toEqual([]);
    expect(await blobKeys(t, `files/${bucket.id}/`)).toEqual([]);
    // The server is fine afterwards: the same upload, whole, is stored.
    const whole = await send(
      '/admin/files',
      admin,
      { bucket: bucket.name, path: 'big.bin' },
      { content: Buffer.alloc(2 * MB, 7) },
    );
    expect(whole.statusCode).toBe(201);
    expect(whole.json<StorageFile>().size).toBe(2 * MB);
  });
});

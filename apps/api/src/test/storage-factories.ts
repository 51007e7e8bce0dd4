import { randomBytes } from 'node:crypto';
import type { Bucket, BucketCreate, RegenerateApiKeysResponse } from '@pult/contract';
import { createBlobStore } from '../modules/storage/blobs/create-blob-store.js';
import { adminHeaders, createUser, signInUser } from './factories.js';
import { createTestApp, type TestApp } from './test-app.js';
import type { TestDatabaseKind } from './test-database.js';

/** Test data and requests of the storage service. */
export const STORAGE = '/storage/api/v1';

let sequence = 0;

/** The whole app on a fresh database, with an administrator's headers and the storage key's. */
export async function openStorageTest(kind: TestDatabaseKind, env: Record<string, string> = {}) {
  const t = await createTestApp(kind, env);
  const admin = await adminHeaders(t);
  const service = await storageKeyHeaders(t, admin);
  return { t, admin, service };
}

/** A fresh storage API key (regenerating replaces every service's key). */
export async function storageKeyHeaders(
  t: TestApp,
  admin: Record<string, string>,
): Promise<Record<string, string>> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/auth/admin/settings/regenerate-api-keys',
    headers: admin,
  });
  const keys = response.json<RegenerateApiKeysResponse>().keys;
  const key = keys.find((entry) => entry.service === 'storage')?.key;
  if (!key) throw new Error(`No storage key: ${response.body}`);
  return { 'x-api-key': key, Lang: 'en-US' };
}

export async function createBucket(
  t: TestApp,
  admin: Record<string, string>,
  overrides: Partial<BucketCreate> = {},
): Promise<Bucket> {
  sequence += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: `${STORAGE}/admin/buckets`,
    headers: admin,
    payload: {
      name: `bucket-${sequence}-${randomBytes(3).toString('hex')}`,
      access: 'private',
      size_limit_mb: 1,
      presign_expiry_seconds: 600,
      ...overrides,
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`Bucket not created: ${response.statusCode} ${response.body}`);
  return response.json<Bucket>();
}

/** A signed-in platform user in these groups: their uid and the headers of their requests. */
export async function platformUser(t: TestApp, groups: string[] = []) {
  const { user, password } = await createUser(t.db, { groups });
  const pair = await signInUser(t, user.email, password);
  return { uid: String(user.uid), headers: { authorization: `Bearer ${pair.access_token}`, Lang: 'en-US' } };
}

export interface FilePart {
  content: Buffer | string;
  filename?: string;
  /** What the client claims; the server sniffs the content instead. */
  contentType?: string;
  field?: string;
}

/** A multipart/form-data body: text fields first (in order), then the files. */
export function multipart(fields: Record<string, string>, ...files: FilePart[]) {
  const boundary = `----pult${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${
          file.filename ?? 'upload.bin'
        }"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A tiny but real PNG (1×1), recognised by its magic bytes. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The keys the app's blob store holds under a prefix (read through a store of the same configuration). */
export async function blobKeys(t: TestApp, prefix = 'files/'): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of createBlobStore(t.config.blobStore).list(prefix)) keys.push(key);
  return keys.sort();
}

import type { AdminApi } from './admin-api.js';
import { publicCall } from './admin-api.js';

/** The storage service's API for e2e tests: buckets as the administrator, ingestion with the storage key. */
export const STORAGE = '/storage/api/v1';

export interface BucketRecord {
  id: number;
  name: string;
  file_count: number;
}

export function createBucket(api: AdminApi, fields: Record<string, unknown>): Promise<BucketRecord> {
  return api.ok<BucketRecord>('POST', `${STORAGE}/admin/buckets`, {
    access: 'private',
    size_limit_mb: 5,
    presign_expiry_seconds: 600,
    ...fields,
  });
}

/** A fresh storage API key (regenerating replaces every service's key on this server). */
export async function storageKey(api: AdminApi): Promise<string> {
  const body = await api.ok<{ keys: { service: string; key: string }[] }>(
    'POST',
    '/auth/admin/settings/regenerate-api-keys',
  );
  const key = body.keys.find((entry) => entry.service === 'storage')?.key;
  if (!key) throw new Error('No storage key');
  return key;
}

export async function ingest(
  api: AdminApi,
  key: string,
  kind: 'logs' | 'errors',
  entries: object[],
): Promise<void> {
  const response = await publicCall(api.baseURL, 'POST', `${STORAGE}/${kind}`, {
    body: entries,
    headers: { 'x-api-key': key },
  });
  if (response.status !== 201)
    throw new Error(`Ingest failed: ${response.status} ${JSON.stringify(response.body)}`);
}

/** Uploads a file as the administrator (multipart), for tests that start from existing files. */
export async function uploadFile(
  api: AdminApi,
  bucket: string,
  path: string,
  content: Buffer,
): Promise<void> {
  const form = new FormData();
  form.append('bucket', bucket);
  form.append('path', path);
  form.append('file', new Blob([new Uint8Array(content)]), path.split('/').pop());
  const response = await fetch(`${api.baseURL}${STORAGE}/admin/files`, {
    method: 'POST',
    headers: { authorization: `Bearer ${api.tokens.access_token}` },
    body: form,
  });
  if (response.status !== 201) throw new Error(`Upload failed: ${response.status} ${await response.text()}`);
}

/** A small but real PNG (16×16, blue), built here so the suite ships no binaries. */
export const PNG_16 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAFklEQVR4nGOQLLtEEmIY1TCqYfhqAADxpWEQV3iCUAAAAABJRU5ErkJggg==',
  'base64',
);

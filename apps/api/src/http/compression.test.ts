import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders, createUser } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { COMPRESS_MIN_BYTES } from './compression.js';

describe('JSON compression', () => {
  let t: TestApp;
  let headers: { authorization: string; Lang: string };

  beforeAll(async () => {
    t = await createTestApp('pglite');
    for (let index = 0; index < 30; index += 1) await createUser(t.db);
    headers = await adminHeaders(t);
  });
  afterAll(() => t.close());

  const usersPage = (acceptEncoding: string) =>
    t.app.inject({
      url: '/auth/admin/users?perPage=100',
      headers: { ...headers, 'accept-encoding': acceptEncoding },
    });

  it('compresses a large list with brotli, or gzip, and says it varies by Accept-Encoding', async () => {
    const plain = await usersPage('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.json().items).toHaveLength(30);

    const br = await usersPage('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await usersPage('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a tiny answer as it is', async () => {
    const health = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(health.statusCode).toBe(200);
    expect(health.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json()).toBeTruthy();
  });
});

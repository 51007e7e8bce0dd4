import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerPanel } from './panel.js';

const INDEX = `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(3000))});`;

describe('the built panel', () => {
  let dir: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'pult-panel-'));
    await mkdir(path.join(dir, 'assets'));
    const files = { 'index.html': INDEX, 'assets/index-abc123.js': SCRIPT };
    for (const [name, content] of Object.entries(files)) {
      await writeFile(path.join(dir, name), content);
      await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(content));
      await writeFile(path.join(dir, `${name}.gz`), gzipSync(content));
    }
    await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
    app = Fastify();
    await registerPanel(app, {
      distDir: dir,
      runtimeConfig: {
        authServiceUrl: 'http://x/auth',
        storageServiceUrl: 'http://x/storage/api/v1',
        chatServiceUrl: 'http://x/chat/rest/v1',
        notificationServiceUrl: 'http://x/notification/api/v1',
        companyName: 'Pult',
      },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sends a hashed asset precompressed by Accept-Encoding, immutable, varying on the encoding', async () => {
    const url = '/assets/index-abc123.js';
    const br = await app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await app.inject({ url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves index.html for a panel route, compressed and revalidated on every load', async () => {
    const page = await app.inject({
      url: '/auth/users?page=2',
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    expect(page.headers.vary).toMatch(/accept-encoding/i);
  });

  it('serves / with no-cache, and /config.json with no-cache', async () => {
    const root = await app.inject({ url: '/', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(root.headers['cache-control']).toBe('no-cache');
    expect(root.headers['content-encoding']).toBe('gzip');
    const config = await app.inject({ url: '/config.json' });
    expect(config.headers['cache-control']).toBe('no-cache');
    expect(config.json()).toMatchObject({ companyName: 'Pult' });
  });

  it('serves a small file without a compressed variant as it is', async () => {
    const icon = await app.inject({ url: '/favicon.svg', headers: { 'accept-encoding': 'br, gzip' } });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-encoding']).toBeUndefined();
    expect(icon.body).toBe('<svg/>');
  });
});

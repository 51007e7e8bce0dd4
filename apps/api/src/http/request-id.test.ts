import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { registerErrorHandling } from './error-handler.js';
import { registerRequestIds, requestIdOptions } from './request-id.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A bare server with the same request-id plumbing and error handler, a route that fails, and its log. */
async function faultyServer() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream }, ...requestIdOptions });
  registerRequestIds(app);
  registerErrorHandling(app);
  app.get('/boom', async (request) => {
    request.log.info('about to fail');
    throw new Error('database on fire');
  });
  app.get('/fine', async () => ({ ok: true }));
  await app.ready();
  return { app, lines };
}

describe('request ids', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(() => t.close());

  it('echoes a sane X-Request-Id on every answer of the real server', async () => {
    for (const url of ['/healthz', '/auth/admin/profile', '/no/such/route']) {
      const response = await t.app.inject({ url, headers: { 'x-request-id': 'lb-1234.abc:def_9-z' } });
      expect(response.headers['x-request-id'], url).toBe('lb-1234.abc:def_9-z');
    }
  });

  it('generates one when none is given', async () => {
    const first = await t.app.inject({ url: '/healthz' });
    const second = await t.app.inject({ url: '/healthz' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('replaces an insane value (too long, spaces, control or non-ASCII characters, empty)', async () => {
    for (const given of ['x'.repeat(129), 'a b', 'line\tbreak', 'päth', '<script>', '']) {
      const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': given } });
      expect(response.headers['x-request-id'], JSON.stringify(given)).toMatch(UUID);
    }
    const longest = 'y'.repeat(128);
    const response = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': longest } });
    expect(response.headers['x-request-id']).toBe(longest);
  });

  it('lets a browser on another origin send and read it (CORS)', async () => {
    const response = await t.app.inject({
      method: 'OPTIONS',
      url: '/auth/admin/profile',
      headers: {
        origin: new URL(t.config.publicUrl).origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-request-id',
      },
    });
    expect(String(response.headers['access-control-allow-headers'])).toMatch(/X-Request-Id/i);
    const get = await t.app.inject({
      url: '/healthz',
      headers: { origin: new URL(t.config.publicUrl).origin },
    });
    expect(String(get.headers['access-control-expose-headers'])).toMatch(/X-Request-Id/i);
  });

  it('puts it in a 5xx body and on every log line of the request', async () => {
    const { app, lines } = await faultyServer();
    try {
      const response = await app.inject({ url: '/boom', headers: { 'x-request-id': 'quote-me-42' } });
      expect(response.statusCode).toBe(500);
      expect(response.headers['x-request-id']).toBe('quote-me-42');
      expect(response.json()).toEqual({ message: expect.any(String), request_id: 'quote-me-42' });
      const mine = lines.filter((line) => line.reqId === 'quote-me-42');
      expect(mine.map((line) => line.msg)).toEqual(
        expect.arrayContaining(['incoming request', 'about to fail', 'Unhandled error', 'request completed']),
      );
      // A generated id is the one in the body too.
      const generated = await app.inject({ url: '/boom' });
      expect(generated.json().request_id).toBe(generated.headers['x-request-id']);
      expect(lines.some((line) => line.reqId === generated.headers['x-request-id'])).toBe(true);
      // 4xx and 2xx bodies keep their shapes.
      expect((await app.inject({ url: '/fine' })).json()).toEqual({ ok: true });
    } finally {
      await app.close();
    }
  });
});

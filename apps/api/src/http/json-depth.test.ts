import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { testDatabaseKinds } from '../test/test-database.js';

/** `[[[…1…]]]`, `levels` arrays deep. */
const nestedArray = (levels: number) => `${'['.repeat(levels)}1${']'.repeat(levels)}`;
/** `{"a":{"a":…{"constructor":{}}…}}`: the shape a prototype-pollution scan has to walk. */
const nestedObject = (levels: number) => `${'{"a":'.repeat(levels)}{"constructor":{}}${'}'.repeat(levels)}`;
const nestedValue = (levels: number): unknown => JSON.parse(nestedArray(levels));

describe.each(testDatabaseKinds())('deeply nested JSON on %s', (kind) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    headers = await adminHeaders(t, 'en-US');
  });
  afterAll(() => t?.close());

  const send = (method: 'POST' | 'PUT', url: string, payload: string) =>
    t.app.inject({ method, url, headers: { ...headers, 'content-type': 'application/json' }, payload });

  it('answers a 4,200-deep body with a 4xx on every kind of endpoint, never a 500', async () => {
    const targets: ['POST' | 'PUT', string][] = [
      ['POST', '/auth/admin/signin'],
      ['POST', '/auth/admin/refresh-token'],
      ['POST', '/auth/admin/settings'],
      ['PUT', '/auth/admin/settings/availableLocales'],
      ['POST', '/auth/admin/users'],
      ['PUT', '/auth/admin/profile'],
      ['POST', '/auth/no-such-endpoint'],
    ];
    const bodies = [
      nestedArray(4_200),
      nestedObject(4_200),
      `{"key":"deep","type":"json","value":${nestedArray(4_200)}}`,
    ];
    for (const [method, url] of targets) {
      for (const body of bodies) {
        const response = await send(method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect(response.json()).toHaveProperty('message');
      }
    }
  });

  it('refuses a JSON setting nested deeper than 64 levels with a 422 on its value, and keeps 64', async () => {
    const tooDeep = await send(
      'POST',
      '/auth/admin/settings',
      JSON.stringify({ key: 'too.deep', type: 'json', value: nestedValue(65) }),
    );
    expect(tooDeep.statusCode).toBe(422);
    expect(tooDeep.json()).toEqual({ message: { value: ['JSON is nested too deeply (64 levels at most)'] } });

    const update = await send(
      'PUT',
      '/auth/admin/settings/availableLocales',
      JSON.stringify({ type: 'json', value: { 'uk-UA': nestedValue(64) } }),
    );
    expect(update.statusCode).toBe(422);
    expect(update.json().message).toHaveProperty('value');

    const deepest = await send(
      'POST',
      '/auth/admin/settings',
      JSON.stringify({ key: 'deep.enough', type: 'json', value: nestedValue(64) }),
    );
    expect(deepest.statusCode).toBe(201);
    const stored = await t.app.inject({ method: 'GET', url: '/auth/admin/settings/deep.enough', headers });
    expect(stored.json().value).toEqual(nestedValue(64));
  });
});

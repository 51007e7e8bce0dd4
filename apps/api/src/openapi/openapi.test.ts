import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../test/factories.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { isDocumented, openApiPath } from './openapi-document.js';
import { DECLARED_OPERATIONS, operationKey } from './operation-names.js';

// biome-ignore lint/suspicious/noExplicitAny: a parsed JSON document is walked freely here
type Json = Record<string, any>;

/**
 * Routes as Fastify prints them (`printRoutes`), parsed from its tree: a list made apart from the
 * `onRoute` collector the document is built from, so a route the document leaves out is caught.
 */
function printedRoutes(tree: string): { method: string; path: string }[] {
  const routes: { method: string; path: string }[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match?.[2]) continue;
    const depth = Math.floor(match[1]!.length / 4);
    stack.length = depth;
    const path = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean))
      if (method !== 'HEAD') routes.push({ method, path });
  }
  return routes;
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: Json;
  let auth: Record<string, string>;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  beforeAll(async () => {
    t = await createTestApp('pglite');
    auth = await adminHeaders(t);
    const response = await t.app.inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(() => t.close());

  const schemaOf = (response: Json | undefined): Json | undefined => {
    const schema = response?.content?.['application/json']?.schema as Json | undefined;
    if (schema?.$ref) return document.components.schemas[String(schema.$ref).split('/').pop()!];
    return schema;
  };
  const check = (path: string, method: string, status: number, body: unknown) => {
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path} is documented`).toBeDefined();
    const schema = schemaOf(operation.responses[String(status)]);
    expect(schema, `${method} ${path} documents ${status}`).toBeDefined();
    const validate = ajv.compile(schema!);
    expect(validate(body), `${method} ${path} ${status}: ${ajv.errorsText(validate.errors)}`).toBe(true);
  };

  it('is OpenAPI 3.1 with both kinds of auth', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components.securitySchemes)).toEqual(['bearerAuth', 'apiKey']);
    expect(document.paths['/auth/admin/users'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/auth/admin/signin'].post.security).toEqual([]);
    expect(document.paths['/auth/admin/users'].get.parameters.map((p: Json) => p.name)).toEqual(
      expect.arrayContaining(['page', 'perPage', 'sort', 'filter', 'total']),
    );
    expect(
      document.paths['/auth/admin/users'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('password');
  });

  it('names every operation for client generators: unique URL-safe operationIds, summaries, described tags', () => {
    const ids: string[] = [];
    const defined = new Map((document.tags as Json[]).map((tag) => [tag.name, tag.description]));
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item as Record<string, Json>)) {
        const where = `${method} ${path}`;
        expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]*$/);
        ids.push(operation.operationId);
        expect(operation.summary, where).toMatch(/\S/);
        for (const tag of operation.tags) expect(defined.get(tag), `${where} tag ${tag}`).toMatch(/\S/);
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((status) => /^2/.test(status) || status === 'default'),
          `${where} documents a success`,
        ).toBe(true);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    // No two paths that differ only in their parameters' names (ambiguous for a router or a generator).
    const shapes = Object.keys(document.paths).map((path) => path.replace(/\{[^}]+\}/g, '{}'));
    expect(new Set(shapes).size).toBe(shapes.length);
    expect(document.paths['/auth/admin/users'].get.operationId).toBe('listAdminUsers');
    expect(document.paths['/auth/admin/users/{id}'].get.operationId).toBe('getAdminUser');
    expect(document.paths['/storage/api/v1/admin/buckets'].post.operationId).toBe('createAdminBucket');
    expect(document.info.license.name).toBeTruthy();
    expect(document.info.contact.url).toBeTruthy();
  });

  it('declares names only for operations that exist (no stale entries)', () => {
    const known = new Set(
      Object.entries(document.paths as Record<string, Json>).flatMap(([path, item]) =>
        Object.keys(item).map((method) => operationKey(method, path)),
      ),
    );
    expect(Object.keys(DECLARED_OPERATIONS).filter((key) => !known.has(key))).toEqual([]);
  });

  it('documents every route the server registered', () => {
    const printed = printedRoutes(t.app.printRoutes({ commonPrefix: false }));
    const services = printed.filter((route) => isDocumented(route.path) && !route.path.includes('*'));
    expect(services.length).toBeGreaterThan(60);
    const missing = services.filter(
      (route) => document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()] === undefined,
    );
    expect(missing).toEqual([]);
  });

  it('documents what the server answers: every admin list and lookup, and the error shapes', async () => {
    let checked = 0;
    for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
      const operation = item.get;
      if (!operation || path.includes('{') || !path.includes('/admin/')) continue;
      if (!operation.responses['200']?.content) continue;
      const response = await t.app.inject({ method: 'GET', url: path, headers: auth });
      if (response.statusCode !== 200) continue;
      check(path, 'get', 200, response.json());
      checked += 1;
    }
    expect(checked).toBeGreaterThan(15);

    const anonymous = await t.app.inject({ method: 'GET', url: '/auth/admin/users' });
    check('/auth/admin/users', 'get', anonymous.statusCode, anonymous.json());
    const missing = await t.app.inject({ method: 'GET', url: '/auth/admin/users/999999', headers: auth });
    check('/auth/admin/users/{id}', 'get', missing.statusCode, missing.json());
    const invalid = await t.app.inject({ method: 'GET', url: '/auth/admin/users?sort=nope', headers: auth });
    check('/auth/admin/users', 'get', invalid.statusCode, invalid.json());
    const fields = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/users',
      headers: auth,
      payload: {},
    });
    check('/auth/admin/users', 'post', fields.statusCode, fields.json());
    const created = await t.app.inject({
      method: 'POST',
      url: '/auth/admin/countries',
      headers: auth,
      payload: { code: 'QZ', name_uk: 'Кв', name_en: 'Qz' },
    });
    check('/auth/admin/countries', 'post', created.statusCode, created.json());
  });

  it('serves the reference page and its script from this server, under the strict CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<script src="/docs/docs.js"></script>');
    expect(page.body).not.toMatch(/https?:\/\//);
    expect(String(page.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    const script = await t.app.inject({ method: 'GET', url: '/docs/docs.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain("fetch('/openapi.json')");
  });
});

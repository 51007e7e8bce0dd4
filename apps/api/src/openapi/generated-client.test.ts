import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { type OpenAPI3 } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories.js';
import { createTestApp, TEST_ADMIN, type TestApp } from '../test/test-app.js';

/**
 * Issue 23: a third-party generator accepts `/openapi.json`, and the client made from it compiles and
 * works. openapi-typescript 6 (string output: version 7 drives the TypeScript compiler's JavaScript API,
 * which TypeScript 7 no longer ships) writes the types; openapi-fetch, its client, calls sign-in and
 * the users list against a listening server; the repository's `tsc` checks the client strictly.
 */
const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const TSC = path.join(REPO_ROOT, 'node_modules/.bin/tsc');

/** The client a team would write against the generated types: no casts, no `any`. */
const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

export async function signInAndList(baseUrl: string, email: string, password: string) {
  const client = createClient<paths>({ baseUrl, headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  const signIn = await client.POST('/auth/admin/signin', { body: { email, password } });
  if (signIn.data === undefined || !('access_token' in signIn.data)) {
    throw new Error(\`Sign-in answered \${signIn.response.status}\`);
  }
  const token: string = signIn.data.access_token;
  const users = await client.GET('/auth/admin/users', {
    params: { query: { page: 1, perPage: 10, sort: '-created_at' } },
    headers: { Authorization: \`Bearer \${token}\` },
  });
  if (users.data === undefined) throw new Error(\`The list answered \${users.response.status}\`);
  const total: number = users.data.total;
  const emails: (string | undefined)[] = users.data.items.map((user) => user.email);
  return { total, emails };
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2023', 'DOM'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  },
  include: ['*.ts'],
};

describe('a client generated from /openapi.json', () => {
  let t: TestApp;
  let baseUrl: string;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Inside the repository, so the client resolves openapi-fetch from its node_modules.
    await mkdir(path.join(REPO_ROOT, '.tmp'), { recursive: true });
    dir = await mkdtemp(path.join(REPO_ROOT, '.tmp', 'generated-client-'));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('is generated, compiles strictly, signs in and lists users', async () => {
    const response = await fetch(`${baseUrl}/openapi.json`);
    expect(response.status).toBe(200);
    const types = await openapiTS((await response.json()) as OpenAPI3);
    expect(types).toContain('listAdminUsers');
    await writeFile(path.join(dir, 'schema.d.ts'), types);
    await writeFile(path.join(dir, 'client.ts'), CLIENT);
    await writeFile(path.join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG));

    const compiled = spawnSync(TSC, ['-p', dir], { encoding: 'utf8' });
    expect(compiled.stdout + compiled.stderr).toBe('');
    expect(compiled.status).toBe(0);
    // The types bind: a page size the document does not allow is a compile error.
    await writeFile(path.join(dir, 'client.ts'), CLIENT.replace('perPage: 10', 'perPage: 7'));
    const refused = spawnSync(TSC, ['-p', dir], { encoding: 'utf8' });
    expect(refused.status).not.toBe(0);
    expect(refused.stdout).toContain('client.ts');
    await writeFile(path.join(dir, 'client.ts'), CLIENT);

    await createUser(t.db, { email: 'generated-client@example.com' });
    const { signInAndList } = (await import(pathToFileURL(path.join(dir, 'client.ts')).href)) as {
      signInAndList: (
        baseUrl: string,
        email: string,
        password: string,
      ) => Promise<{ total: number; emails: (string | undefined)[] }>;
    };
    const listed = await signInAndList(baseUrl, TEST_ADMIN.email, TEST_ADMIN.password);
    expect(listed.total).toBe(1);
    expect(listed.emails).toEqual(['generated-client@example.com']);
  }, 60_000);
});

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathError, type StorageFile } from '@pult/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminHeaders } from '../../test/factories.js';
import { blobKeys, createBucket, multipart, STORAGE } from '../../test/storage-factories.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const NUM_RUNS = Number(process.env.PATH_PROPERTY_RUNS ?? 60);

/** Pieces a hostile or careless client might put in a path. */
const segment = fc.oneof(
  fc.constantFrom(
    '..',
    '.',
    '',
    '...',
    '~',
    'etc',
    'passwd',
    'C:',
    '%2e%2e',
    '..%2f',
    'ліс',
    '日本',
    '😀',
    'a b',
    'CON',
  ),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 4 }),
  fc.string({
    unit: fc.constantFrom('a', '.', '/', '\\', '\u0000', '\n', '\u202e', ' '),
    minLength: 1,
    maxLength: 6,
  }),
  fc.string({ unit: fc.constantFrom('я', 'a'), minLength: 100, maxLength: 300 }),
);
const randomPath = fc
  .tuple(
    fc.array(segment, { minLength: 1, maxLength: 6 }),
    fc.constantFrom('', '/', '\\'),
    fc.constantFrom('/', '\\', '//'),
  )
  .map(([segments, lead, separator]) => `${lead}${segments.join(separator)}`);

/**
 * Random paths and names sent by a client: each is either stored exactly as given (when the
 * contract's rule accepts it) or refused with a 422 — never a 5xx — and no blob ever lands outside
 * the bucket's own prefix of the store.
 */
describe('upload paths (property)', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    admin = await adminHeaders(t);
  });
  afterAll(() => t?.close());

  it('are stored as given or refused, never escaping the bucket’s prefix', async () => {
    const bucket = await createBucket(t, admin);
    const prefix = `files/${bucket.id}/`;
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(randomPath, fc.string({ maxLength: 12 }), async (candidate, filename) => {
        const body = multipart(
          { bucket: bucket.name, path: candidate },
          { content: 'x', filename: filename.replace(/["\r\n]/g, '') },
        );
        const response = await t.app.inject({
          method: 'POST',
          url: `${STORAGE}/admin/files`,
          payload: body.payload,
          headers: { ...admin, ...body.headers },
        });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (pathError(candidate) === null) {
          expect(response.statusCode, response.body).toBe(201);
          expect(response.json<StorageFile>().path).toBe(candidate);
          stored += 1;
        } else {
          expect(response.statusCode, response.body).toBe(422);
          expect(Object.keys(response.json<{ message: object }>().message)).toEqual(['path']);
        }
      }),
      { numRuns: NUM_RUNS },
    );
    expect(stored).toBeGreaterThan(0);
    const keys = await blobKeys(t, '');
    expect(keys.every((key) => key.startsWith(prefix))).toBe(true);
    // Replacing a path keeps one blob; the distinct stored paths are what the rows say.
    const rows = await t.db
      .selectFrom('storage_files')
      .select('path')
      .where('bucket_id', '=', bucket.id)
      .execute();
    expect(keys).toHaveLength(rows.length);
    expect(rows.length).toBeLessThanOrEqual(stored);
    // Nothing outside the store's two folders.
    if (t.config.blobStore.driver === 'local') {
      const root = t.config.blobStore.directory;
      expect((await readdir(root)).sort()).toEqual(['.partial', 'files']);
      expect(await readdir(path.join(root, '.partial'))).toEqual([]);
    }
  });
});

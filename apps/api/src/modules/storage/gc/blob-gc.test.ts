import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database.js';
import { createFakeClock } from '../../../test/fake-clock.js';
import { openTestDatabase } from '../../../test/test-database.js';
import type { BlobStore } from '../blobs/blob-store.js';
import { createLocalBlobStore } from '../blobs/local-blob-store.js';
import { createBlobGc, UPLOAD_GRACE_SECONDS } from './blob-gc.js';

const quiet = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** A store whose deletes fail while `down` is set, as a store that is briefly unreachable does. */
function flaky(store: BlobStore) {
  const state = { down: false };
  const wrapped: BlobStore = {
    ...store,
    delete: (keys) => (state.down ? Promise.reject(new Error('store unreachable')) : store.delete(keys)),
  };
  return { store: wrapped, state };
}

describe('blob garbage collection', () => {
  let database: DatabaseHandle;
  let root: string;
  const time = createFakeClock();

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    root = await mkdtemp(path.join(os.tmpdir(), 'pult-gc-'));
  });
  afterAll(async () => {
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  const gcRows = () => database.db.selectFrom('storage_blob_gc').selectAll().execute();
  const put = (store: BlobStore, key: string) =>
    store.put(key, Readable.from([Buffer.from('x')]), 'text/plain');

  it('keeps a released blob recorded while the store fails, and deletes it once it answers', async () => {
    const { store, state } = flaky(createLocalBlobStore(root));
    const gc = createBlobGc(database.db, store, time.clock, quiet);
    const key = 'files/1/aa/aaaaaaaa-0000-4000-8000-000000000001';
    await put(store, key);
    await gc.release(database.db, [key]);
    state.down = true;
    await gc.collect([key]);
    expect((await store.get(key))?.size).toBe(1);
    expect((await gcRows()).map((row) => row.blob_key)).toEqual([key]);
    state.down = false;
    expect(await gc.collectDue()).toBe(1);
    expect(await store.get(key)).toBeUndefined();
    expect(await gcRows()).toEqual([]);
  });

  it('collects an upload that never finished only after its grace period', async () => {
    const store = createLocalBlobStore(root);
    const gc = createBlobGc(database.db, store, time.clock, quiet);
    const key = 'files/1/bb/bbbbbbbb-0000-4000-8000-000000000002';
    await gc.intend(key);
    await put(store, key);
    expect(await gc.collectDue()).toBe(0);
    time.advance(UPLOAD_GRACE_SECONDS + 1);
    expect(await gc.collectDue()).toBe(1);
    expect(await store.get(key)).toBeUndefined();
  });

  it('forgets an upload that became a file', async () => {
    const gc = createBlobGc(database.db, createLocalBlobStore(root), time.clock, quiet);
    const key = 'files/1/cc/cccccccc-0000-4000-8000-000000000003';
    await gc.intend(key);
    await gc.keep(database.db, key);
    expect(await gcRows()).toEqual([]);
  });
});

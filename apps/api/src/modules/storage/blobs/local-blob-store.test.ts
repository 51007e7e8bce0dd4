import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { blobStoreSuite } from './blob-store.suite.js';
import { createLocalBlobStore } from './local-blob-store.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'pult-blobs-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

blobStoreSuite('local', () => createLocalBlobStore(root));

it('keeps no partial file after a failed write', async () => {
  // Runs after the suite, whose failing bodies went through the partial folder.
  expect(await readdir(path.join(root, '.partial'))).toEqual([]);
});

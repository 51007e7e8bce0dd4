import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { assertBlobKey, type BlobStore } from './blob-store.js';

/**
 * Blobs as files under one directory (`DATA_DIR/blobs`). A blob is written to `.partial/` first and
 * renamed into place once complete: a reader never sees half a file, and a failed write leaves only
 * a partial file that is removed at once.
 */
export function createLocalBlobStore(root: string): BlobStore {
  const partialDir = path.join(root, '.partial');
  const fileOf = (key: string) => {
    assertBlobKey(key);
    return path.join(root, ...key.split('/'));
  };

  return {
    driver: 'local',

    async put(key, body) {
      const target = fileOf(key);
      await mkdir(partialDir, { recursive: true });
      await mkdir(path.dirname(target), { recursive: true });
      const partial = path.join(partialDir, randomUUID());
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (error) {
        body.destroy();
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileOf(key);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(file), size: info.size };
    },

    async delete(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },

    async *list(prefix) {
      const base = path.join(root, ...prefix.split('/').filter(Boolean));
      const entries = await readdir(base, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = path.join(entry.parentPath, entry.name);
        yield path.relative(root, full).split(path.sep).join('/');
      }
    },
  };
}

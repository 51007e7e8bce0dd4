import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { type BlobStore, blobKey, bucketPrefix } from './blob-store.js';

/** The behaviour every driver must have; run against each by its own test file. */
export function blobStoreSuite(name: string, open: () => BlobStore) {
  describe(`${name} blob store`, () => {
    const keyIn = (bucketId: number) => blobKey(bucketId, randomUUID());

    async function keysUnder(store: BlobStore, prefix: string): Promise<string[]> {
      const keys: string[] = [];
      for await (const key of store.list(prefix)) keys.push(key);
      return keys.sort();
    }

    async function bytesOf(store: BlobStore, key: string): Promise<Buffer | undefined> {
      const blob = await store.get(key);
      if (!blob) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of blob.body) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    }

    /** A body of `size` bytes that fails after `failAfter` of them, as an aborted upload does. */
    function failingBody(size: number, failAfter: number): Readable {
      return Readable.from(
        (async function* () {
          let sent = 0;
          while (sent < size) {
            const chunk = Buffer.alloc(Math.min(256 * 1024, size - sent), 0x61);
            sent += chunk.length;
            if (sent > failAfter) throw new Error('client went away');
            yield chunk;
          }
        })(),
      );
    }

    it('stores a blob and gives back the same bytes and size', async () => {
      const store = open();
      const key = keyIn(1);
      await store.put(key, Readable.from([Buffer.from('Привіт, '), Buffer.from('світе!')]), 'text/plain');
      const blob = await store.get(key);
      expect(blob?.size).toBe(Buffer.byteLength('Привіт, світе!'));
      expect(await text(blob!.body)).toBe('Привіт, світе!');
    });

    it('streams a body larger than one upload part intact', async () => {
      const store = open();
      const key = keyIn(2);
      const chunks = Array.from({ length: 12 }, (_, i) => Buffer.alloc(1024 * 1024, i));
      await store.put(key, Readable.from(chunks), 'application/octet-stream');
      const stored = await bytesOf(store, key);
      const digest = (data: Buffer) => createHash('sha256').update(data).digest('hex');
      expect(stored?.length).toBe(12 * 1024 * 1024);
      expect(digest(stored!)).toBe(digest(Buffer.concat(chunks)));
    });

    it('leaves nothing behind when the body fails, small or past one part', async () => {
      const store = open();
      const bucketId = 3;
      for (const [size, failAfter] of [
        [1024 * 1024, 300 * 1024],
        [14 * 1024 * 1024, 11 * 1024 * 1024],
      ] as const) {
        const key = keyIn(bucketId);
        await expect(store.put(key, failingBody(size, failAfter), 'text/plain')).rejects.toThrow();
        expect(await store.get(key)).toBeUndefined();
      }
      expect(await keysUnder(store, bucketPrefix(bucketId))).toEqual([]);
    });

    it('lists the keys under a prefix only', async () => {
      const store = open();
      const mine = [keyIn(4), keyIn(4)];
      const other = keyIn(44);
      for (const key of [...mine, other])
        await store.put(key, Readable.from([Buffer.from('x')]), 'text/plain');
      expect(await keysUnder(store, bucketPrefix(4))).toEqual([...mine].sort());
    });

    it('deletes blobs, and deleting one that is gone is not an error', async () => {
      const store = open();
      const keys = [keyIn(5), keyIn(5), keyIn(5)];
      for (const key of keys) await store.put(key, Readable.from([Buffer.from('bye')]), 'text/plain');
      await store.delete(keys.slice(0, 2));
      await store.delete(keys.slice(0, 2));
      expect(await keysUnder(store, bucketPrefix(5))).toEqual([keys[2]]);
      expect(await store.get(keys[0]!)).toBeUndefined();
    });

    it('refuses keys the service would never make, before touching the store', async () => {
      const store = open();
      for (const key of ['../escape', '/etc/passwd', 'files/1/../../x', 'files/1/ab/Upper', 'files//1', '']) {
        await expect(store.put(key, Readable.from([Buffer.from('x')]), 'text/plain')).rejects.toThrow(
          /Refusing blob key/,
        );
        await expect(store.get(key)).rejects.toThrow(/Refusing blob key/);
        await expect(store.delete([key])).rejects.toThrow(/Refusing blob key/);
      }
    });
  });
}

import type { Readable } from 'node:stream';

/**
 * Where file contents live: a local directory or an S3-compatible store, behind one interface.
 * Keys are made by the service from ids only (`blobKey`), and every driver refuses anything else,
 * so nothing a client sends can name a place in the store.
 */
export interface BlobStore {
  readonly driver: 'local' | 's3';
  /**
   * Streams `body` into the store under `key`. The blob appears whole or not at all: when the body
   * fails (an aborted upload, a size limit) or the store does, nothing is left under the key.
   */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The blob's bytes as a stream and its size; undefined when there is no such blob. */
  get(key: string): Promise<{ body: Readable; size: number } | undefined>;
  /** Deletes the blobs; keys that do not exist are not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** Every key under a prefix (for checks and repairs; a bucket may hold many). */
  list(prefix: string): AsyncIterable<string>;
  /**
   * A URL the store itself serves the blob from until it expires (S3). The local driver has none:
   * the service signs its own links to it.
   */
  presignGet?(key: string, options: PresignOptions): Promise<string>;
}

export interface PresignOptions {
  expiresInSeconds: number;
  contentType: string;
  contentDisposition: string;
}

const KEY_PATTERN = /^[a-z0-9]+(?:\/[a-z0-9][a-z0-9-]*)*$/;

/** Throws unless the key has the shape the service makes; a guard against any other use. */
export function assertBlobKey(key: string): void {
  if (!KEY_PATTERN.test(key) || key.length > 200) throw new Error(`Refusing blob key ${JSON.stringify(key)}`);
}

/** `files/<bucket id>/<2 hex>/<blob id>`: a bucket's blobs share a prefix, spread over 256 folders. */
export function blobKey(bucketId: number, blobId: string): string {
  return `${bucketPrefix(bucketId)}${blobId.slice(0, 2)}/${blobId}`;
}

export function bucketPrefix(bucketId: number): string {
  return `files/${bucketId}/`;
}

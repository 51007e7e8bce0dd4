import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertBlobKey, type BlobStore } from './blob-store.js';

export interface S3BlobStoreOptions {
  endpoint: string | undefined;
  region: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Parts of a multipart upload: the bytes held in memory per upload are partSize × queueSize. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;
const DELETE_BATCH = 1_000;

/**
 * Blobs in one bucket of any S3-compatible store. Uploads stream as multipart uploads (a failed one
 * is aborted, so no object appears); downloads are presigned URLs the store serves itself.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): BlobStore {
  const config: S3ClientConfig = {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // Many S3-compatible stores do not implement the newer default checksums; send them only where
    // the protocol requires them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
  if (options.endpoint) config.endpoint = options.endpoint;
  if (options.credentials) config.credentials = options.credentials;
  const client = new S3Client(config);
  const Bucket = options.bucket;

  return {
    driver: 's3',

    async put(key, body, contentType) {
      assertBlobKey(key);
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: body, ContentType: contentType },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        body.destroy();
        throw error;
      }
    },

    async get(key) {
      assertBlobKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return { body: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey || error instanceof NotFound) return undefined;
        throw error;
      }
    },

    async delete(keys) {
      keys.forEach(assertBlobKey);
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH);
        const result = await client.send(
          new DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = (result.Errors ?? []).filter((entry) => entry.Code !== 'NoSuchKey');
        if (failed.length > 0)
          throw new Error(`S3 refused to delete ${failed.length} objects: ${failed[0]?.Code}`);
      }
    },

    async *list(prefix) {
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    presignGet(key, presign) {
      assertBlobKey(key);
      return getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket,
          Key: key,
          ResponseContentType: presign.contentType,
          ResponseContentDisposition: presign.contentDisposition,
        }),
        { expiresIn: presign.expiresInSeconds },
      );
    },
  };
}

import { randomUUID } from 'node:crypto';
import {
  extensionAllowed,
  extensionOf,
  type FileDisposition,
  type FileUrl,
  fileNameOf,
  type MessageKey,
  mimeAllowed,
  pathError,
  type UploadRefusalRule,
} from '@pult/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { AppError, errors } from '../../../http/app-error.js';
import { type Clock, toEpochSeconds } from '../../../lib/clock.js';
import type { PlatformUser, UserDirectory } from '../../auth/index.js';
import { isUid } from '../../auth/index.js';
import { type BlobStore, blobKey } from '../blobs/blob-store.js';
import type { BlobGc } from '../gc/blob-gc.js';
import type { LinkSigner } from '../links/link-signer.js';
import type { BucketRow, FileRow } from '../tables.js';
import type { FileWithBucket } from './file-source.js';
import { contentDisposition, SNIFF_BYTES, servedAs, sniffMime } from './sniff.js';
import type { UploadBody } from './upload-body.js';
import { countRefusal } from './upload-refusals.js';

const MB = 1024 * 1024;

/** Who uploads: an administrator (panel), a service with the storage key, or a platform user. */
export type Uploader = { kind: 'admin' } | { kind: 'service' } | { kind: 'user'; user: PlatformUser };

/** The text fields of an upload, sent before the file. */
export interface UploadFields {
  bucket?: string;
  path?: string;
  owner_uid?: string;
}

export interface UploadTarget {
  bucket: BucketRow;
  path: string;
  ownerUid: string | null;
}

/** Bytes in the store, not yet a file. */
export interface StagedUpload {
  target: UploadTarget;
  key: string;
  size: number;
  mime: string;
}

/** A 422 with one text under one field, with parameters (the rule that refused an upload). */
export function fieldError(
  field: string,
  key: MessageKey,
  params?: Record<string, string | number>,
): AppError {
  return new AppError(422, { kind: 'fields', fields: { [field]: [{ key, ...(params ? { params } : {}) }] } });
}

const listed = (values: readonly string[]) => values.join(', ');

export interface FileServiceDeps {
  db: Db;
  /** Where a refusal that could not be counted is told. */
  logger: FastifyBaseLogger;
  store: BlobStore;
  gc: BlobGc;
  clock: Clock;
  signer: LinkSigner;
  directory: UserDirectory;
  /** The storage service's public base URL: links point there. */
  serviceUrl: string;
}

/** Uploads, downloads and deletes of files: the same rules for the panel and the platform API. */
export function createFileService(deps: FileServiceDeps) {
  const { db, store, gc, clock, signer } = deps;

  /**
   * The error an upload is refused with, once the refusal is counted for the Storage report. A count
   * that fails is logged, not answered: the uploader is told why the file was refused either way.
   */
  async function refused(bucket: BucketRow, rule: UploadRefusalRule, error: AppError): Promise<AppError> {
    try {
      await countRefusal(db, clock(), bucket.id, rule);
    } catch (failure) {
      deps.logger.warn({ err: failure, bucket: bucket.id, rule }, 'upload refusal not counted');
    }
    return error;
  }

  async function bucketByName(name: string | undefined): Promise<BucketRow> {
    if (!name) throw fieldError('bucket', 'required');
    const bucket = await db
      .selectFrom('storage_buckets')
      .selectAll()
      .where('name', '=', name)
      .where('deleting_at', 'is', null)
      .executeTakeFirst();
    if (!bucket) throw fieldError('bucket', 'bucketNotFound');
    return bucket;
  }

  async function ownerOf(uploader: Uploader, fields: UploadFields): Promise<string | null> {
    if (uploader.kind === 'user') {
      if (fields.owner_uid !== undefined) throw fieldError('owner_uid', 'unknownField');
      return uploader.user.uid;
    }
    if (!fields.owner_uid) return null;
    const owner = await deps.directory.byUid(fields.owner_uid);
    if (!owner) throw fieldError('owner_uid', 'ownerNotFound');
    return owner.uid;
  }

  /** Checks everything that can be known before the bytes arrive; throws the first rule broken. */
  async function resolveTarget(
    uploader: Uploader,
    fields: UploadFields,
    filename: string,
  ): Promise<UploadTarget> {
    const bucket = await bucketByName(fields.bucket);
    // A bucket's groups name who may upload; a service acts for the platform and is not limited.
    if (uploader.kind === 'user' && bucket.groups.length > 0) {
      if (!uploader.user.groups.some((group) => bucket.groups.includes(group))) {
        throw await refused(bucket, 'groups', errors.forbidden('uploadNotAllowed'));
      }
    }
    const path = fields.path ?? filename;
    const problem = pathError(path);
    if (problem) throw fieldError('path', problem);
    const extension = extensionOf(path);
    if (!extensionAllowed(extension, bucket.allowed_extensions)) {
      throw await refused(
        bucket,
        'extension',
        fieldError('path', 'extensionNotAllowed', {
          ext: extension || '—',
          allowed: listed(bucket.allowed_extensions),
        }),
      );
    }
    return { bucket, path, ownerUid: await ownerOf(uploader, fields) };
  }

  /**
   * Sniffs, checks and stores the bytes; the file exists only once `commit` records it. On any
   * failure nothing remains.
   */
  async function stage(target: UploadTarget, body: UploadBody): Promise<StagedUpload> {
    const { bucket } = target;
    const limit = bucket.size_limit_mb * MB;
    const head = await body.head(SNIFF_BYTES);
    const mime = await sniffMime(head.subarray(0, SNIFF_BYTES), extensionOf(target.path));
    if (!mimeAllowed(mime, bucket.allowed_mimes)) {
      throw await refused(
        bucket,
        'mime',
        fieldError('file', 'mimeNotAllowed', { mime, allowed: listed(bucket.allowed_mimes) }),
      );
    }
    const key = blobKey(bucket.id, randomUUID());
    await gc.intend(key);
    try {
      await store.put(key, body.stream(head, limit), mime);
    } catch (error) {
      await gc.collect([key]);
      if (body.exceeded()) {
        throw await refused(
          bucket,
          'size',
          fieldError('file', 'fileTooLarge', { limit: bucket.size_limit_mb }),
        );
      }
      throw error;
    }
    return { target, key, size: body.size(), mime };
  }

  /** Records a staged upload as the file at its path (replacing the owner's previous one). */
  async function commit(staged: StagedUpload): Promise<FileWithBucket> {
    try {
      return await record(staged.target, staged.key, staged.size, staged.mime);
    } catch (error) {
      await gc.collect([staged.key]);
      throw error;
    }
  }

  /** Drops a staged upload that will not be committed. */
  const discard = (staged: StagedUpload) => gc.collect([staged.key]);

  async function record(
    target: UploadTarget,
    key: string,
    size: number,
    mime: string,
  ): Promise<FileWithBucket> {
    const outcome = await db.transaction().execute(async (trx) => {
      // Locking the bucket row serialises writes to one bucket's paths (and waits out a delete).
      const { rows } = await sql<{ name: string }>`select name from storage_buckets
        where id = ${target.bucket.id} and deleting_at is null for no key update`.execute(trx);
      const bucket = rows[0];
      if (!bucket) throw fieldError('bucket', 'bucketNotFound');
      const existing = await trx
        .selectFrom('storage_files')
        .select(['id', 'owner_uid', 'blob_key'])
        .where('bucket_id', '=', target.bucket.id)
        .where('path', '=', target.path)
        .executeTakeFirst();
      const now = clock();
      let row: FileRow;
      if (existing) {
        // A path is replaced only by its owner: one user can never overwrite another's file.
        if ((existing.owner_uid === null ? null : String(existing.owner_uid)) !== target.ownerUid) {
          throw fieldError('path', 'pathTaken');
        }
        row = await trx
          .updateTable('storage_files')
          .set({ size, mime_type: mime, blob_key: key, updated_at: now })
          .where('id', '=', existing.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await gc.release(trx, [existing.blob_key]);
      } else {
        row = await trx
          .insertInto('storage_files')
          .values({
            bucket_id: target.bucket.id,
            path: target.path,
            size,
            mime_type: mime,
            owner_uid: target.ownerUid,
            blob_key: key,
            created_at: now,
            updated_at: now,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      }
      await gc.keep(trx, key);
      return { row: { ...row, bucket_name: bucket.name }, replaced: existing?.blob_key };
    });
    if (outcome.replaced) await gc.collect([outcome.replaced]);
    return outcome.row;
  }

  /** A file by uuid, optionally only if `ownerUid` owns it; undefined for anything else. */
  async function find(uuid: string, ownerUid?: string): Promise<FileWithBucket | undefined> {
    if (!isUid(uuid)) return undefined;
    let query = db
      .selectFrom('storage_files as f')
      .innerJoin('storage_buckets as b', 'b.id', 'f.bucket_id')
      .selectAll('f')
      .select('b.name as bucket_name')
      .where('f.uuid', '=', uuid);
    if (ownerUid !== undefined) query = query.where('f.owner_uid', '=', ownerUid);
    return query.executeTakeFirst();
  }

  async function remove(uuid: string, ownerUid?: string): Promise<FileWithBucket | undefined> {
    const file = await find(uuid, ownerUid);
    if (!file) return undefined;
    const deleted = await db.transaction().execute(async (trx) => {
      await sql`select id from storage_buckets where id = ${file.bucket_id} for no key update`.execute(trx);
      const row = await trx
        .deleteFrom('storage_files')
        .where('id', '=', file.id)
        .returning('blob_key')
        .executeTakeFirst();
      if (row) await gc.release(trx, [row.blob_key]);
      return row;
    });
    if (!deleted) return undefined;
    await gc.collect([deleted.blob_key]);
    return file;
  }

  function publicUrl(bucketName: string, path: string): string {
    const encoded = path.split('/').map(encodeURIComponent).join('/');
    return `${deps.serviceUrl}/public/${encodeURIComponent(bucketName)}/${encoded}`;
  }

  /** A download link: stable for a public bucket, presigned for the bucket's expiry otherwise. */
  async function url(file: FileWithBucket, wanted: FileDisposition): Promise<FileUrl> {
    const bucket = await db
      .selectFrom('storage_buckets')
      .select(['access', 'presign_expiry_seconds'])
      .where('id', '=', file.bucket_id)
      .executeTakeFirstOrThrow();
    if (bucket.access === 'public') {
      const stable = publicUrl(file.bucket_name, file.path);
      return { url: wanted === 'attachment' ? `${stable}?download=1` : stable, expires_at: null };
    }
    const expiresAt = toEpochSeconds(clock()) + bucket.presign_expiry_seconds;
    return {
      url: await signedUrl(file, wanted, bucket.presign_expiry_seconds, expiresAt),
      expires_at: expiresAt,
    };
  }

  async function signedUrl(
    file: Pick<FileRow, 'blob_key' | 'path' | 'mime_type'>,
    wanted: FileDisposition,
    expiresInSeconds: number,
    expiresAt: number,
  ): Promise<string> {
    const served = servedAs(file.mime_type, wanted);
    const name = fileNameOf(file.path);
    if (store.presignGet) {
      return store.presignGet(file.blob_key, {
        expiresInSeconds,
        contentType: served.type,
        contentDisposition: contentDisposition(served.disposition, name),
      });
    }
    const token = signer.sign({
      key: file.blob_key,
      exp: expiresAt,
      name,
      type: served.type,
      disposition: served.disposition,
    });
    return `${deps.serviceUrl}/blobs/${token}/${encodeURIComponent(name)}`;
  }

  return { resolveTarget, stage, commit, discard, find, remove, url, signedUrl };
}

export type FileService = ReturnType<typeof createFileService>;

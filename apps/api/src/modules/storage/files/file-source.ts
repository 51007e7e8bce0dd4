import { filesResource, type PlatformFile, platformFilesResource, type StorageFile } from '@pult/contract';
import { sql } from 'kysely';
import type { ListColumn, ListSource } from '../../../resources/list-sql.js';
import type { FileRow } from '../tables.js';

export type FileWithBucket = FileRow & { bucket_name: string };

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`f.${name}`), kind });

const SHARED_COLUMNS: Record<string, ListColumn> = {
  path: column('path', 'text'),
  size: column('size', 'integer'),
  mime_type: column('mime_type', 'text'),
  owner_uid: { sql: sql`f.owner_uid::text`, kind: 'text' },
  created_at: column('created_at', 'timestamp'),
  updated_at: column('updated_at', 'timestamp'),
};

const BUCKET_JOIN = sql`join storage_buckets b on b.id = f.bucket_id`;
const SELECT = sql`f.*, b.name as bucket_name`;

export function toFileItem(row: FileWithBucket): StorageFile {
  return {
    uuid: String(row.uuid),
    bucket_id: row.bucket_id,
    bucket_name: row.bucket_name,
    path: row.path,
    size: row.size,
    mime_type: row.mime_type,
    owner_uid: row.owner_uid === null ? null : String(row.owner_uid),
    owner_email: null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export function toPlatformFile(row: FileWithBucket): PlatformFile {
  const { bucket_id: _id, bucket_name, owner_email: _email, ...rest } = toFileItem(row);
  return { ...rest, bucket: bucket_name };
}

/** The administrators' list of every file. */
export const adminFileSource: ListSource<FileWithBucket, StorageFile> = {
  descriptor: filesResource,
  table: 'storage_files',
  alias: 'f',
  joins: BUCKET_JOIN,
  select: SELECT,
  columns: { ...SHARED_COLUMNS, bucket_id: column('bucket_id', 'integer') },
  key: 'id',
  toItem: toFileItem,
};

/** A platform user's own files (`ownerUid`), or every file for a service (undefined). */
export function platformFileSource(ownerUid: string | undefined): ListSource<FileWithBucket, PlatformFile> {
  return {
    descriptor: platformFilesResource,
    table: 'storage_files',
    alias: 'f',
    joins: BUCKET_JOIN,
    select: SELECT,
    columns: {
      ...SHARED_COLUMNS,
      // Filtered by the bucket's name, which is what a platform client knows.
      bucket: { sql: sql`(select sb.name from storage_buckets sb where sb.id = f.bucket_id)`, kind: 'text' },
    },
    key: 'id',
    toItem: toPlatformFile,
    ...(ownerUid === undefined ? {} : { scope: sql`f.owner_uid = ${ownerUid}::uuid` }),
  };
}

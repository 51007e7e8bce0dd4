import type { BucketAccess, ErrorGroupStatus, LogLevel } from '@pult/contract';
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type TextArray = ColumnType<string[], string[] | undefined, string[]>;

export interface StorageBucketsTable {
  id: Generated<number>;
  name: string;
  access: BucketAccess;
  size_limit_mb: number;
  presign_expiry_seconds: number;
  allowed_extensions: TextArray;
  allowed_mimes: TextArray;
  groups: TextArray;
  /** Kept by a trigger on storage_files, so the list never sums the files. */
  file_count: Generated<number>;
  bytes_used: Generated<number>;
  /** Set when a delete has begun: the bucket is gone for everyone while its files are removed. */
  deleting_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface StorageFilesTable {
  id: Generated<number>;
  uuid: Generated<string>;
  bucket_id: number;
  path: string;
  size: number;
  mime_type: string;
  owner_uid: string | null;
  /** Where the bytes are in the blob store: made of ids only, never of the path. */
  blob_key: string;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Blobs that must go: those of deleted or replaced files (due at once) and those of uploads still
 * under way (due a day later, in case the process dies mid-upload). The janitor deletes what is due.
 */
export interface StorageBlobGcTable {
  blob_key: string;
  due_at: Timestamp;
}

export interface StorageKeysTable {
  name: string;
  /** Sealed with the server's secret key (lib/secret-box.ts). */
  sealed: string;
  created_at: Generated<Date>;
}

export interface StorageSettingsTable {
  id: Generated<boolean>;
  log_retention_days: number;
  error_retention_days: number;
  updated_at: Timestamp;
}

/** Services and environments named by log entries: append-only, so rows refer to them by a small id. */
export interface StorageLogNamesTable {
  id: Generated<number>;
  kind: 'service' | 'environment';
  name: string;
}

interface LogColumns {
  id: Generated<number>;
  /** The client's time of the event (or the receive time when it gave none). */
  created_at: Timestamp;
  received_at: Timestamp;
  level: LogLevel;
  service_id: number;
  environment_id: number;
  message: string;
  trace_log: string | null;
  context: ColumnType<unknown, string | null, string | null>;
}

export type StorageLogsTable = LogColumns;
export interface StorageErrorsTable extends LogColumns {
  group_id: number;
}

export interface StorageErrorGroupsTable {
  id: Generated<number>;
  fingerprint: string;
  service_id: number;
  level: LogLevel;
  message: string;
  top_frame: string | null;
  status: Generated<ErrorGroupStatus>;
  count: number;
  first_seen: Timestamp;
  last_seen: Timestamp;
  resolved_at: Date | null;
  /** When the open episode began, if a new occurrence reopened the group; its first sighting otherwise. */
  opened_at: Generated<Date | null>;
}

export interface StorageTables {
  storage_buckets: StorageBucketsTable;
  storage_files: StorageFilesTable;
  storage_blob_gc: StorageBlobGcTable;
  storage_keys: StorageKeysTable;
  storage_settings: StorageSettingsTable;
  storage_log_names: StorageLogNamesTable;
  storage_logs: StorageLogsTable;
  storage_errors: StorageErrorsTable;
  storage_error_groups: StorageErrorGroupsTable;
}

export type BucketRow = Selectable<StorageBucketsTable>;
export type FileRow = Selectable<StorageFilesTable>;

import { bucketCreateSchema, bucketsResource, bucketUpdateSchema } from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import type { ImportTarget } from '../../../resources/import/import-target.js';
import { tableTarget } from '../../../resources/import/table-target.js';

const FIELDS = [
  'name',
  'access',
  'size_limit_mb',
  'presign_expiry_seconds',
  'allowed_extensions',
  'allowed_mimes',
  'groups',
] as const;

/**
 * Buckets from CSV: found by name (unique among the buckets not being deleted; one being deleted is
 * not found, and its name stays taken until it is gone). The file counts are the storage's, never
 * imported.
 */
export function bucketImportTarget(db: Db): ImportTarget {
  return tableTarget({
    db,
    descriptor: bucketsResource,
    createSchema: bucketCreateSchema,
    updateSchema: bucketUpdateSchema,
    table: 'storage_buckets',
    live: sql`deleting_at is null`,
    stored: (row) => Object.fromEntries(FIELDS.map((field) => [field, row[field] ?? null])),
  });
}

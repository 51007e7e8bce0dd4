import { type Bucket, bucketsResource } from '@pult/contract';
import { sql } from 'kysely';
import type { ListColumn, ListSource } from '../../../resources/list-sql.js';
import type { BucketRow } from '../tables.js';

const column = (name: string, kind: ListColumn['kind']): ListColumn => ({ sql: sql.ref(`b.${name}`), kind });

export const bucketListSource: ListSource<BucketRow, Bucket> = {
  descriptor: bucketsResource,
  table: 'storage_buckets',
  alias: 'b',
  select: sql`b.*`,
  columns: {
    id: column('id', 'integer'),
    name: column('name', 'text'),
    access: column('access', 'text'),
    file_count: column('file_count', 'integer'),
    bytes_used: column('bytes_used', 'integer'),
    size_limit_mb: column('size_limit_mb', 'integer'),
    presign_expiry_seconds: column('presign_expiry_seconds', 'integer'),
    groups: { sql: sql`array_to_string(b.groups, ' ')`, kind: 'text' },
    created_at: column('created_at', 'timestamp'),
  },
  key: 'id',
  toItem: toBucket,
  // A bucket whose delete has begun is gone for everyone.
  scope: sql`b.deleting_at is null`,
};

export function toBucket(row: BucketRow): Bucket {
  const { deleting_at: _deleting, ...rest } = row;
  return { ...rest, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

import {
  filesResource,
  type ReportSection,
  storageReportQuerySchema,
  UPLOAD_REFUSAL_RULES,
} from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { defineReport, type ReportSource } from '../../../reports/report-source.js';
import { bucketCounts, type BucketRow as CountRow, toSeries } from '../../../reports/rollup-sql.js';

/** Buckets' names as they are now (a bucket being deleted keeps its name until it is gone). */
async function bucketNames(db: Db, rows: readonly CountRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => Number(row.key)))].filter((id) => id > 0);
  if (ids.length === 0) return new Map();
  const found = await db
    .selectFrom('storage_buckets')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((row) => [String(row.id), row.name]));
}

/**
 * Storage: files and bytes added per bucket by when they were added (a file counts while it exists,
 * at its current size), the buckets ranked by bytes added, and uploads refused per rule.
 */
export function storageReport(db: Db): ReportSource {
  return defineReport({
    id: 'storage',
    service: 'storage',
    resource: filesResource,
    query: storageReportQuerySchema,
    async sections(query, frame): Promise<ReportSection[]> {
      const where = query.bucket === undefined ? sql`` : sql`and bucket_id = ${query.bucket}`;
      const byBucket = sql<string>`bucket_id::text`;
      const [files, bytes, refusals] = await Promise.all([
        bucketCounts(db, frame, { rollup: 'report_storage_files', key: byBucket, where }),
        bucketCounts(db, frame, { rollup: 'report_storage_bytes', key: byBucket, where }),
        bucketCounts(db, frame, { rollup: 'report_upload_refusals', key: sql<string>`rule`, where }),
      ]);
      const names = await bucketNames(db, [...files, ...bytes]);
      // Series come ranked by their totals: the largest buckets of the period first. Files follow the
      // same order, so a bucket has the same place (and colour) in both charts.
      const bySize = toSeries(bytes, frame.buckets, [], names);
      const order = bySize.map((series) => series.key);
      return [
        { id: 'files', series: toSeries(files, frame.buckets, order, names) },
        { id: 'bytes', series: bySize },
        { id: 'refusals', series: toSeries(refusals, frame.buckets, UPLOAD_REFUSAL_RULES) },
      ];
    },
  });
}

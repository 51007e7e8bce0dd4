import {
  errorGroupsResource,
  errorsReportQuerySchema,
  type ReportSection,
  type ReportSeries,
} from '@pult/contract';
import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { defineReport, type ReportFrame, type ReportSource } from '../../../reports/report-source.js';
import { type BucketRow, bucketCounts, toSeries } from '../../../reports/rollup-sql.js';

/** Services' names from the logs' name table. */
async function serviceNames(db: Db, rows: readonly BucketRow[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => Number(row.key)))].filter((id) => id > 0);
  if (ids.length === 0) return new Map();
  const found = await db
    .selectFrom('storage_log_names')
    .select(['id', 'name'])
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((row) => [String(row.id), row.name]));
}

/**
 * Whole seconds, shown as a duration in the largest unit that fits (`reportFigureFormat`): hours to
 * one decimal read a group resolved in minutes as 0.0, as if nothing had been resolved.
 */
const meanSeconds = (seconds: number, groups: number) => (groups === 0 ? null : Math.round(seconds / groups));

/**
 * The mean time from first seen to resolved of the groups resolved in each bucket, from two rollups
 * summed alike (groups and their seconds); the total is the mean over the whole period, not a sum.
 */
function meanTimeToResolve(
  frame: ReportFrame,
  resolved: readonly BucketRow[],
  seconds: readonly BucketRow[],
): ReportSeries {
  const [groups] = toSeries(
    resolved.map((row) => ({ ...row, key: 'all' })),
    frame.buckets,
    ['all'],
  );
  const [spent] = toSeries(
    seconds.map((row) => ({ ...row, key: 'all' })),
    frame.buckets,
    ['all'],
  );
  const values = frame.buckets.map((_, index) =>
    meanSeconds(spent?.values[index] ?? 0, groups?.values[index] ?? 0),
  );
  const total = meanSeconds(spent?.total ?? 0, groups?.total ?? 0);
  return { key: 'average', label: null, values, total };
}

/**
 * Errors: error groups per service by when they were first seen (new), reopened by a new occurrence
 * after being resolved (recurring) and resolved, and the mean time to resolve those resolved.
 */
export function errorsReport(db: Db): ReportSource {
  return defineReport({
    id: 'errors',
    service: 'storage',
    resource: errorGroupsResource,
    query: errorsReportQuerySchema,
    async sections(query, frame): Promise<ReportSection[]> {
      const where = query.service === undefined ? sql`` : sql`and service_id = ${query.service}`;
      const count = (rollup: string) =>
        bucketCounts(db, frame, { rollup, key: sql<string>`service_id::text`, where });
      const [created, reopened, resolved, seconds] = await Promise.all([
        count('report_error_groups'),
        count('report_error_reopens'),
        count('report_error_resolutions'),
        count('report_error_resolve_seconds'),
      ]);
      const names = await serviceNames(db, [...created, ...reopened, ...resolved]);
      return [
        { id: 'newGroups', series: toSeries(created, frame.buckets, [], names) },
        { id: 'reopened', series: toSeries(reopened, frame.buckets, [], names) },
        { id: 'resolved', series: toSeries(resolved, frame.buckets, [], names) },
        {
          id: 'timeToResolve',
          series: [meanTimeToResolve(frame, resolved, seconds)],
          totals: 'period',
          unit: 'seconds',
        },
      ];
    },
  });
}

import {
  type Locale,
  type ReportSection,
  STATUS,
  USER_STATUSES,
  usersReportQuerySchema,
  usersResource,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { defineReport, type ReportFrame, type ReportSource } from '../../../reports/report-source.js';
import { bucketCounts, toSeries } from '../../../reports/rollup-sql.js';

type UsersQuery = ReturnType<typeof usersReportQuerySchema.parse>;

/** The query's country and language filters on a rollup that has both columns. */
function filtersOf(query: UsersQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (query.country !== undefined) parts.push(sql`and country_id = ${query.country}`);
  if (query.language !== undefined) parts.push(sql`and language = ${query.language}`);
  return sql.join(parts, sql` `);
}

const SPLIT_KEYS = {
  none: sql<string>`'all'`,
  country: sql<string>`country_id::text`,
  language: sql<string>`language`,
} as const;

async function countryNames(db: Db, ids: readonly string[], locale: Locale): Promise<Map<string, string>> {
  const numeric = ids.map(Number).filter((id) => id > 0);
  if (numeric.length === 0) return new Map();
  const rows = await db
    .selectFrom('countries')
    .select(['id', 'name_uk', 'name_en'])
    .where('id', 'in', numeric)
    .execute();
  return new Map(rows.map((row) => [String(row.id), locale === 'en-US' ? row.name_en : row.name_uk]));
}

async function signups(
  db: Db,
  query: UsersQuery,
  frame: ReportFrame,
  locale: Locale,
): Promise<ReportSection> {
  const rows = await bucketCounts(db, frame, {
    rollup: 'report_user_signups',
    key: SPLIT_KEYS[query.split],
    where: filtersOf(query),
  });
  const labels =
    query.split === 'country'
      ? await countryNames(
          db,
          rows.map((row) => row.key),
          locale,
        )
      : undefined;
  return {
    id: 'signups',
    series: toSeries(rows, frame.buckets, query.split === 'none' ? ['all'] : [], labels),
  };
}

/** Of those who signed up in each bucket, how many there are now and how many of them are active. */
async function retention(db: Db, query: UsersQuery, frame: ReportFrame): Promise<ReportSection> {
  const rows = await bucketCounts(db, frame, {
    rollup: 'report_user_signups',
    key: sql<string>`case when status = ${STATUS.active} then 'activeNow' else 'inactive' end`,
    where: filtersOf(query),
  });
  const [signedUp, activeNow] = toSeries(
    [...rows.map((row) => ({ ...row, key: 'signedUp' })), ...rows.filter((row) => row.key === 'activeNow')],
    frame.buckets,
    ['signedUp', 'activeNow'],
  );
  return { id: 'retention', series: [signedUp, activeNow].filter((series) => series !== undefined) };
}

async function statusChanges(db: Db, query: UsersQuery, frame: ReportFrame): Promise<ReportSection> {
  const rows = await bucketCounts(db, frame, {
    rollup: 'report_user_status_changes',
    key: sql<string>`status::text`,
    where: filtersOf(query),
  });
  return { id: 'statusChanges', series: toSeries(rows, frame.buckets, USER_STATUSES.map(String)) };
}

/**
 * Users: sign-ups per bucket (split by country or language), status changes per bucket (to each
 * status), and of those who signed up in each bucket how many are active now.
 */
export function usersReport(db: Db): ReportSource {
  return defineReport({
    id: 'users',
    service: 'auth',
    resource: usersResource,
    query: usersReportQuerySchema,
    sections: (query, frame, locale) =>
      Promise.all([
        signups(db, query, frame, locale),
        statusChanges(db, query, frame),
        retention(db, query, frame),
      ]),
  });
}

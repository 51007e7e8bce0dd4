import {
  type Locale,
  type ReportSection,
  STATUS,
  USER_STATUSES,
  usersReportQuerySchema,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { defineReport, type ReportFrame, type ReportSource } from '../../../reports/report-source.js';
import { type BucketRow, bucketOf, inPeriod, toSeries } from '../../../reports/rollup-sql.js';

type UsersQuery = ReturnType<typeof usersReportQuerySchema.parse>;

/** The query's country and language filters on a rollup that has both columns. */
function filtersOf(query: UsersQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (query.country !== undefined) parts.push(sql`and country_id = ${query.country}`);
  if (query.language !== undefined) parts.push(sql`and language = ${query.language}`);
  return sql.join(parts, sql` `);
}

const SPLIT_KEYS = {
  none: sql`'all'`,
  country: sql`country_id::text`,
  language: sql`language`,
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
): Promise<ReportSection[]> {
  const { period, buckets } = frame;
  const { rows } = await sql<BucketRow & { active: number | string }>`
    select ${bucketOf(period)} as bucket, ${SPLIT_KEYS[query.split]} as key, sum(n) as n,
      sum(n) filter (where status = ${STATUS.active}) as active
    from report_user_signups where ${inPeriod(period)} ${filtersOf(query)}
    group by 1, 2`.execute(db);
  const labels =
    query.split === 'country'
      ? await countryNames(
          db,
          rows.map((row) => row.key),
          locale,
        )
      : undefined;
  const byBucket = (pick: (row: BucketRow & { active: number | string }) => number | string) =>
    rows.map((row) => ({ bucket: row.bucket, key: '', n: pick(row) }));
  const signedUp = toSeries(
    byBucket((row) => row.n),
    buckets,
    [''],
  )[0];
  const active = toSeries(
    byBucket((row) => row.active ?? 0),
    buckets,
    [''],
  )[0];
  return [
    { id: 'signups', series: toSeries(rows, buckets, query.split === 'none' ? ['all'] : [], labels) },
    {
      id: 'retention',
      series: [
        ...(signedUp ? [{ ...signedUp, key: 'signedUp' }] : []),
        ...(active ? [{ ...active, key: 'activeNow' }] : []),
      ],
    },
  ];
}

async function statusChanges(db: Db, query: UsersQuery, frame: ReportFrame): Promise<ReportSection> {
  const { period, buckets } = frame;
  const { rows } = await sql<BucketRow>`
    select ${bucketOf(period)} as bucket, status::text as key, sum(n) as n
    from report_user_status_changes where ${inPeriod(period)} ${filtersOf(query)}
    group by 1, 2`.execute(db);
  return { id: 'statusChanges', series: toSeries(rows, buckets, USER_STATUSES.map(String)) };
}

/**
 * Users: sign-ups per bucket (split by country or language), status changes per bucket (to each
 * status), and of those who signed up in each bucket how many are active now.
 */
export function usersReport(db: Db): ReportSource {
  return defineReport({
    id: 'users',
    service: 'auth',
    resource: 'auth.users',
    query: usersReportQuerySchema,
    async sections(query, frame, locale) {
      const [signupSections, changes] = await Promise.all([
        signups(db, query, frame, locale),
        statusChanges(db, query, frame),
      ]);
      const [signupSection, retention] = signupSections;
      return [signupSection, changes, retention].filter((section) => section !== undefined);
    },
  });
}

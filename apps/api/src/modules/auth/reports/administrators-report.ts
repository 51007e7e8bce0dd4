import { administratorsReportQuerySchema, auditResource, type ReportSection } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { defineReport, type ReportSource } from '../../../reports/report-source.js';
import { bucketCounts, toSeries } from '../../../reports/rollup-sql.js';

type AdministratorsQuery = ReturnType<typeof administratorsReportQuerySchema.parse>;

function filtersOf(query: AdministratorsQuery): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (query.admin !== undefined) parts.push(sql`and admin_id = ${query.admin}`);
  if (query.action !== undefined) parts.push(sql`and action = ${query.action}`);
  return sql.join(parts, sql` `);
}

/** Administrators' names as they are now (first and last name, else the e-mail); removed ones keep their id. */
async function adminNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const numeric = ids.map(Number).filter((id) => id > 0);
  if (numeric.length === 0) return new Map();
  const rows = await db
    .selectFrom('admins')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('id', 'in', numeric)
    .execute();
  return new Map(
    rows.map((row) => [String(row.id), `${row.first_name} ${row.last_name}`.trim() || row.email]),
  );
}

/**
 * Administrators: actions from the audit log per bucket, per administrator (who), per kind of action
 * and per resource (what). Key `0` is "nobody": failed sign-ins of unknown addresses.
 */
export function administratorsReport(db: Db): ReportSource {
  return defineReport({
    id: 'administrators',
    service: 'auth',
    resource: auditResource,
    query: administratorsReportQuerySchema,
    async sections(query, frame): Promise<ReportSection[]> {
      const where = filtersOf(query);
      const by = async (id: string, rollup: string, key: RawBuilder<string>) => ({
        id,
        rows: await bucketCounts(db, frame, { rollup, key, where }),
      });
      const filtered = query.admin !== undefined || query.action !== undefined;
      const parts = await Promise.all([
        by('byAdministrator', 'report_admin_actors', sql<string>`admin_id::text`),
        by('byAction', 'report_admin_actors', sql<string>`action`),
        // Filtered by who or which action, the resources need the rollup that holds all three.
        by('byResource', filtered ? 'report_admin_actions' : 'report_admin_resources', sql<string>`resource`),
      ]);
      const names = await adminNames(db, parts[0]?.rows.map((row) => row.key) ?? []);
      return parts.map(({ id, rows }) => ({
        id,
        series: toSeries(rows, frame.buckets, [], id === 'byAdministrator' ? names : undefined),
      }));
    },
  });
}

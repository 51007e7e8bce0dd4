import {
  coversEveryRecord,
  permissionResourceOf,
  type ReportId,
  type SavedReport,
  type SavedReportWrite,
  savedReportsResource,
  savedReportWriteSchema,
} from '@pult/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { errors } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RecordContext, RecordHandlers } from '../../resources/crud-routes.js';
import { type ConstraintFields, withConstraintErrors } from '../../resources/db-errors.js';
import { walkList } from '../../resources/export/list-walk.js';
import { runList } from '../../resources/list-sql.js';
import { recordVersions } from '../../resources/record-version.js';
import { transact, writeInScope } from '../../resources/scoped-write.js';
import type { ReportSource } from '../report-source.js';
import { checkGroupsExist, checkSavedQuery } from './saved-report-checks.js';
import {
  type SavedReportReader,
  type SavedReportRow,
  savedReportList,
  savedReportSelect,
  savedReportTable,
  toSavedReport,
  visibleTo,
} from './saved-report-source.js';

const CONSTRAINTS: ConstraintFields = { saved_reports_owner_name_key: { name: 'nameTaken' } };

type Write = z.output<typeof savedReportWriteSchema>;

export interface SavedReportHandlerDeps {
  db: Db;
  clock: Clock;
  reports: readonly ReportSource[];
  /** Whether the caller may open the report (the report route's own rule). */
  mayOpen: (context: RecordContext, report: ReportSource) => boolean;
}

const readerOf = (context: RecordContext): SavedReportReader => ({
  adminId: context.adminId,
  groups: context.access.actor.groups,
});

/**
 * Who may change any saved report, not just their own: an `update` grant on the resource without a
 * condition (an operator tidying up after a colleague left). Everyone else changes only their own.
 */
function managesAll(context: RecordContext): boolean {
  return coversEveryRecord(
    context.access.permissions.decide(permissionResourceOf(savedReportsResource), 'update'),
  );
}

/**
 * Saved reports: the list and reads show a reader their own and those shared with their groups (a
 * manager, see `managesAll`, reads any by id); only the owner or a manager changes or deletes one.
 * The grants' own conditions apply on top, through the list engine and `writeInScope`.
 */
export function createSavedReportHandlers(
  deps: SavedReportHandlerDeps,
): RecordHandlers<number, SavedReport, SavedReportWrite, SavedReportWrite> {
  const { db, clock, reports } = deps;
  const openable = (context: RecordContext): ReportId[] =>
    reports.filter((report) => deps.mayOpen(context, report)).map((report) => report.id);

  async function loadOne(executor: Executor, id: number, context: RecordContext, lock = false) {
    const reader = readerOf(context);
    const visible = managesAll(context) ? sql`true` : visibleTo(reader);
    const { rows } = await sql<SavedReportRow>`select ${savedReportSelect(reader)} from saved_reports s
      where s.id = ${id} and ${visible} ${lock ? sql`for update of s` : sql``}`.execute(executor);
    return rows[0] ? toSavedReport(rows[0]) : undefined;
  }

  /** A shared report its reader does not own reads, but does not change: 403, not 404. */
  function assertMayChange(current: SavedReport, context: RecordContext): void {
    if (!current.mine && !managesAll(context)) throw errors.forbidden();
  }

  const checked = (body: SavedReportWrite): Write => {
    const write = savedReportWriteSchema.parse(body);
    checkSavedQuery(reports, write.report, write.query);
    return write;
  };

  return {
    list: (request, context) => runList(db, savedReportList(readerOf(context), openable(context)), request),
    exportRows: (request, context) =>
      walkList(db, savedReportList(readerOf(context), openable(context)), request),
    versions: recordVersions(db, savedReportTable),
    get: (id, context) => loadOne(db, id, context),

    create: (body, context) =>
      withConstraintErrors(CONSTRAINTS, async () => {
        const write = checked(body);
        return db.transaction().execute(async (trx) => {
          await checkGroupsExist(trx, write.shared_with);
          const now = clock();
          const { rows } = await sql<{ id: number }>`insert into saved_reports
              (owner_id, name, report, query, shared_with, created_at, updated_at)
            values (${context.adminId}, ${write.name}, ${write.report}, ${JSON.stringify(write.query)}::jsonb,
              ${write.shared_with}::text[], ${now}, ${now})
            returning id`.execute(trx);
          return (await loadOne(trx, Number(rows[0]?.id), context)) as SavedReport;
        });
      }),

    update: (id, body, context) =>
      withConstraintErrors(CONSTRAINTS, async () => {
        const write = checked(body);
        return writeInScope(db, savedReportTable, id, context, (executor) =>
          transact(executor, async (trx) => {
            const current = await loadOne(trx, id, context, true);
            if (!current) return undefined;
            assertMayChange(current, context);
            await checkGroupsExist(trx, write.shared_with);
            await sql`update saved_reports set name = ${write.name}, report = ${write.report},
                query = ${JSON.stringify(write.query)}::jsonb, shared_with = ${write.shared_with}::text[],
                updated_at = ${clock()}
              where id = ${id}`.execute(trx);
            return loadOne(trx, id, context);
          }),
        );
      }),

    remove: (id, context) =>
      writeInScope(
        db,
        savedReportTable,
        id,
        context,
        (executor) =>
          transact(executor, async (trx) => {
            const current = await loadOne(trx, id, context, true);
            if (!current) return undefined;
            assertMayChange(current, context);
            await sql`delete from saved_reports where id = ${id}`.execute(trx);
            return current;
          }),
        { staysInScope: false },
      ),
  };
}

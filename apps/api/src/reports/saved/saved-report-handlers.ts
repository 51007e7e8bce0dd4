import {
  adminsResource,
  groupsResource,
  type ReportId,
  type SavedReport,
  type SavedReportWrite,
  savedReportWriteSchema,
} from '@pult/contract';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { mayUseLookup } from '../../access/access-control.js';
import { access } from '../../access/route-access.js';
import type { Db, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
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

const GROUP_NAMES = access.lookup(groupsResource, [adminsResource]);

/** The groups this writer may share with (`checkGroupsExist`). */
function groupNamer(context: RecordContext): (name: string) => boolean {
  if (mayUseLookup(context.access.permissions, GROUP_NAMES)) return () => true;
  const own = new Set(context.access.actor.groups);
  return (name) => own.has(name);
}

/**
 * Saved reports: the list and reads show a reader their own and those shared with their groups, of
 * reports they may open; only the owner changes or deletes one, and only a report they may open. The
 * grants' own conditions apply on top, through the list engine and `writeInScope`.
 */
export function createSavedReportHandlers(
  deps: SavedReportHandlerDeps,
): RecordHandlers<number, SavedReport, SavedReportWrite, SavedReportWrite> {
  const { db, clock, reports } = deps;
  const openable = (context: RecordContext): ReportId[] =>
    reports.filter((report) => deps.mayOpen(context, report)).map((report) => report.id);

  async function loadOne(executor: Executor, id: number, context: RecordContext, lock = false) {
    const reader = readerOf(context);
    const { rows } = await sql<SavedReportRow>`select ${savedReportSelect(reader)} from saved_reports s
      where s.id = ${id} and ${visibleTo(reader)} and s.report = any(${openable(context)}::text[])
      ${lock ? sql`for update of s` : sql``}`.execute(executor);
    return rows[0] ? toSavedReport(rows[0]) : undefined;
  }

  /** A shared report its reader does not own reads, but does not change: 403, not 404. */
  function assertMayChange(current: SavedReport): void {
    if (!current.mine) throw errors.forbidden();
  }

  /** The body as stored: its report one the writer may open, its parameters as that report reads them. */
  const checked = (body: SavedReportWrite, context: RecordContext): Write => {
    const write = savedReportWriteSchema.parse(body);
    const query = checkSavedQuery(reports, write.report, write.query);
    if (!openable(context).includes(write.report)) throw errors.forbidden();
    return { ...write, query };
  };

  return {
    list: (request, context) => runList(db, savedReportList(readerOf(context), openable(context)), request),
    exportRows: (request, context) =>
      walkList(db, savedReportList(readerOf(context), openable(context)), request),
    versions: recordVersions(db, savedReportTable),
    get: (id, context) => loadOne(db, id, context),

    create: (body, context) =>
      withConstraintErrors(CONSTRAINTS, async () => {
        const write = checked(body, context);
        return db.transaction().execute(async (trx) => {
          await checkGroupsExist(trx, write.shared_with, groupNamer(context));
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
        const write = checked(body, context);
        // The groups before the row, in a group rename's order (`checkGroupsExist`); `writeInScope`
        // takes the row lock itself when the grant has a condition or the write names a version.
        let groupsLocked = false;
        const lockGroups = async (trx: Transaction<Database>) => {
          await checkGroupsExist(trx, write.shared_with, groupNamer(context));
          groupsLocked = true;
        };
        return writeInScope(
          db,
          savedReportTable,
          id,
          context,
          (executor) =>
            transact(executor, async (trx) => {
              if (!groupsLocked) await lockGroups(trx);
              const current = await loadOne(trx, id, context, true);
              if (!current) return undefined;
              assertMayChange(current);
              await sql`update saved_reports set name = ${write.name}, report = ${write.report},
                  query = ${JSON.stringify(write.query)}::jsonb, shared_with = ${write.shared_with}::text[],
                  updated_at = ${clock()}
                where id = ${id}`.execute(trx);
              return loadOne(trx, id, context);
            }),
          { lockFirst: lockGroups },
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
            assertMayChange(current);
            await sql`delete from saved_reports where id = ${id}`.execute(trx);
            return current;
          }),
        { staysInScope: false },
      ),
  };
}

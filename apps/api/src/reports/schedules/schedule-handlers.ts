import {
  type MessageKey,
  type ReportId,
  type ReportSchedule,
  type ReportScheduleWrite,
  reportScheduleWriteSchema,
  STATUS,
} from '@pult/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db, Executor } from '../../db/database.js';
import { errors } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import type { RecordContext, RecordHandlers } from '../../resources/crud-routes.js';
import { walkList } from '../../resources/export/list-walk.js';
import { runList } from '../../resources/list-sql.js';
import { recordVersions } from '../../resources/record-version.js';
import { transact, writeInScope } from '../../resources/scoped-write.js';
import type { ReportSource } from '../report-source.js';
import type { SavedReportReader } from '../saved/saved-report-source.js';
import { visibleTo } from '../saved/saved-report-source.js';
import {
  type ScheduleRow,
  scheduleList,
  scheduleScope,
  scheduleSelect,
  scheduleTable,
  toSchedule,
} from './schedule-source.js';

type Write = z.output<typeof reportScheduleWriteSchema>;

export interface ScheduleHandlerDeps {
  db: Db;
  clock: Clock;
  reports: readonly ReportSource[];
  /** Whether the caller may open the report (the report route's own rule). */
  mayOpen: (context: RecordContext, report: ReportSource) => boolean;
}

export const readerOf = (context: RecordContext): SavedReportReader => ({
  adminId: context.adminId,
  groups: context.access.actor.groups,
});

/** The slot a schedule is next due at, or none while it is paused: the database's zone rules decide. */
export function nextSlot(write: Write, after: Date) {
  if (!write.enabled) return sql`null::timestamptz`;
  return sql`report_schedule_next(${write.frequency}, ${write.weekday}::integer, ${write.month_day}::integer,
    ${write.hour}::integer, ${write.time_zone}, ${after}::timestamptz)`;
}

/**
 * The schedule's saved report must be one its writer sees, of a report they may open; shared with
 * them is enough, since a schedule only mails what its recipients may open themselves. The row is
 * share-locked so it is not deleted between the check and the insert.
 */
async function checkSavedReport(trx: Executor, id: number, reader: SavedReportReader, openable: ReportId[]) {
  const { rows } = await sql<{ id: number }>`select s.id from saved_reports s
    where s.id = ${id} and ${visibleTo(reader)} and s.report = any(${openable}::text[])
    for share of s`.execute(trx);
  if (rows.length === 0) throw errors.fields({ saved_report_id: 'scheduleSavedReportUnknown' });
}

/**
 * The zone passed the contract's check against this runtime's zone names, but PostgreSQL has its own
 * list (Node still knows `US/Pacific-New`, which PostgreSQL dropped): asked before any transaction, so
 * a zone it refuses is a 422 on the field, whether or not the schedule is switched on.
 */
async function checkZoneKnown(db: Db, zone: string) {
  try {
    await sql`select now() at time zone ${zone}`.execute(db);
  } catch (error) {
    if ((error as { code?: unknown }).code === '22023') throw errors.fields({ time_zone: 'timeZoneInvalid' });
    throw error;
  }
}

/** Recipients are administrators whose accounts are active now (a run checks again, per recipient). */
async function checkRecipients(trx: Executor, ids: readonly number[]) {
  const { rows } = await sql<{ id: number }>`select id from admins
    where id = any(${[...ids]}::bigint[]) and status = ${STATUS.active}`.execute(trx);
  const found = new Set(rows.map((row) => Number(row.id)));
  const fields: Record<string, MessageKey> = {};
  ids.forEach((id, index) => {
    if (!found.has(id)) fields[`recipients.${index}`] = 'scheduleRecipientUnknown';
  });
  if (Object.keys(fields).length > 0) throw errors.fields(fields);
}

async function ownsSavedReport(trx: Executor, savedReportId: number, adminId: number): Promise<boolean> {
  const { rows } =
    await sql`select 1 from saved_reports where id = ${savedReportId} and owner_id = ${adminId}`.execute(trx);
  return rows.length > 0;
}

/**
 * Report schedules: a reader sees the schedules of the saved reports they see; only a schedule's owner
 * changes or pauses it, and it or the saved report's owner deletes it. Writing one sets the slot it is
 * next due at, from now, unless its timing stays as it was.
 */
export function createScheduleHandlers(
  deps: ScheduleHandlerDeps,
): RecordHandlers<number, ReportSchedule, ReportScheduleWrite, ReportScheduleWrite> {
  const { db, clock, reports } = deps;
  const openable = (context: RecordContext): ReportId[] =>
    reports.filter((report) => deps.mayOpen(context, report)).map((report) => report.id);

  async function loadOne(executor: Executor, id: number, context: RecordContext, lock = false) {
    const reader = readerOf(context);
    const { rows } = await sql<ScheduleRow>`select ${scheduleSelect(reader)} from report_schedules r
      where r.id = ${id} and ${scheduleScope(reader, openable(context))}
      ${lock ? sql`for update of r` : sql``}`.execute(executor);
    return rows[0] ? toSchedule(rows[0]) : undefined;
  }

  return {
    list: (request, context) => runList(db, scheduleList(readerOf(context), openable(context)), request),
    exportRows: (request, context) =>
      walkList(db, scheduleList(readerOf(context), openable(context)), request),
    versions: recordVersions(db, scheduleTable),
    get: (id, context) => loadOne(db, id, context),

    async create(body, context) {
      const write = reportScheduleWriteSchema.parse(body);
      await checkZoneKnown(db, write.time_zone);
      return db.transaction().execute(async (trx) => {
        await checkSavedReport(trx, write.saved_report_id, readerOf(context), openable(context));
        await checkRecipients(trx, write.recipients);
        const now = clock();
        const { rows } = await sql<{ id: number }>`insert into report_schedules (saved_report_id, owner_id,
            frequency, weekday, month_day, hour, time_zone, recipients, enabled, next_run_at, created_at, updated_at)
          values (${write.saved_report_id}, ${context.adminId}, ${write.frequency}, ${write.weekday},
            ${write.month_day}, ${write.hour}, ${write.time_zone}, ${write.recipients}::bigint[], ${write.enabled},
            ${nextSlot(write, now)}, ${now}, ${now})
          returning id`.execute(trx);
        return (await loadOne(trx, Number(rows[0]?.id), context)) as ReportSchedule;
      });
    },

    async update(id, body, context) {
      const write = reportScheduleWriteSchema.parse(body);
      await checkZoneKnown(db, write.time_zone);
      // The saved report before the schedule's row, in the order deleting a saved report takes them
      // (its row, then its schedules by the cascade); `writeInScope` takes the row lock itself when
      // the grant has a condition or the write names a version.
      let savedReportLocked = false;
      const lockSavedReport = async (trx: Executor) => {
        await checkSavedReport(trx, write.saved_report_id, readerOf(context), openable(context));
        savedReportLocked = true;
      };
      return writeInScope(
        db,
        scheduleTable,
        id,
        context,
        (executor) =>
          transact(executor, async (trx) => {
            if (!savedReportLocked) await lockSavedReport(trx);
            const current = await loadOne(trx, id, context, true);
            if (!current) return undefined;
            if (!current.mine) throw errors.forbidden();
            await checkRecipients(trx, write.recipients);
            const now = clock();
            await sql`update report_schedules set saved_report_id = ${write.saved_report_id},
                frequency = ${write.frequency}, weekday = ${write.weekday}, month_day = ${write.month_day},
                hour = ${write.hour}, time_zone = ${write.time_zone}, recipients = ${write.recipients}::bigint[],
                enabled = ${write.enabled}, updated_at = ${now},
                -- The due slot stays while the timing does: an edit of the recipients a moment after
                -- the hour must not skip today's e-mail.
                next_run_at = case when (frequency, weekday, month_day, hour, time_zone, enabled)
                    is not distinct from (${write.frequency}, ${write.weekday}::smallint,
                      ${write.month_day}::smallint, ${write.hour}::smallint, ${write.time_zone}, ${write.enabled})
                  then next_run_at else ${nextSlot(write, now)} end
              where id = ${id}`.execute(trx);
            return loadOne(trx, id, context);
          }),
        { lockFirst: lockSavedReport },
      );
    },

    remove: (id, context) =>
      writeInScope(
        db,
        scheduleTable,
        id,
        context,
        (executor) =>
          transact(executor, async (trx) => {
            const current = await loadOne(trx, id, context, true);
            if (!current) return undefined;
            // The saved report's owner may stop what a colleague sends of it, too.
            if (!current.mine && !(await ownsSavedReport(trx, current.saved_report_id, context.adminId)))
              throw errors.forbidden();
            await sql`delete from report_schedules where id = ${id}`.execute(trx);
            return current;
          }),
        { staysInScope: false },
      ),
  };
}

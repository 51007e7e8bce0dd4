import {
  adminsResource,
  hasField,
  lookupResponseSchema,
  permissionResourceOf,
  reportScheduleSchema,
  reportSchedulesResource,
  reportScheduleWriteSchema,
  STATUS,
  scheduleRunSchema,
  scheduleRunsSchema,
  visibleFields,
} from '@pult/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { PermissionSet } from '../../access/permission-set.js';
import { accessOf, rowScopeOf } from '../../access/request-access.js';
import { access } from '../../access/route-access.js';
import type { Db } from '../../db/database.js';
import { errors } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { auditSinkOf } from '../../resources/audit-sink.js';
import { crudRoutes, type RecordContext } from '../../resources/crud-routes.js';
import { parseNumericId } from '../../resources/record-id.js';
import { rowScopeSql } from '../../resources/row-scope.js';
import { maySee } from '../report-routes.js';
import type { ReportSource } from '../report-source.js';
import type { ReportScheduler } from './report-scheduler.js';
import { createScheduleHandlers } from './schedule-handlers.js';
import {
  RUN_COLUMNS,
  type ScheduleRunRow,
  scheduleScope,
  scheduleTable,
  toScheduleRun,
} from './schedule-source.js';

export interface ScheduleRouteDeps {
  db: Db;
  clock: Clock;
  reports: readonly ReportSource[];
  scheduler: ReportScheduler;
}

const idParams = z.object({ id: z.string() });
const SCHEDULES = permissionResourceOf(reportSchedulesResource);
/** The runs a schedule's history shows: a year of a daily schedule. */
const RUNS_SHOWN = 366;
/** The recipient picker lists active administrators by name, a page at a time as one types. */
const RECIPIENTS_SHOWN = 50;
const recipientQuery = z.strictObject({ search: z.string().max(100, { error: 'tooLong' }).default('') });

/** Fields an item carries beyond the descriptor's columns, so a field grant may name them. */
const READABLE = [
  'saved_report_id',
  'saved_report_name',
  'weekday',
  'month_day',
  'hour',
  'time_zone',
  'recipients',
  'recipient_names',
  'last_run',
  'owner_id',
  'owner_name',
  'mine',
];

/**
 * `auth/report-schedules`: a record resource (list, read, create, update, delete, export; grants, audit
 * log, versions), its runs, "Send now", and the administrators it may be sent to.
 */
export const scheduleRoutes: FastifyPluginAsyncZod<ScheduleRouteDeps> = async (app, deps) => {
  const { db, scheduler } = deps;
  const mayOpen = (context: RecordContext, report: ReportSource) =>
    maySee(context.access.permissions, report);
  const openable = (permissions: PermissionSet) =>
    deps.reports.filter((report) => maySee(permissions, report)).map((report) => report.id);

  await app.register(
    crudRoutes({
      descriptor: reportSchedulesResource,
      item: reportScheduleSchema,
      create: reportScheduleWriteSchema,
      update: reportScheduleWriteSchema,
      parseId: parseNumericId,
      readable: READABLE,
      handlers: createScheduleHandlers({ ...deps, mayOpen }),
    }),
  );

  /** The schedule as this request may act on it (its reader's view and the grant's condition), locked. */
  async function visibleSchedule(request: Parameters<typeof accessOf>[0], raw: string) {
    const id = parseNumericId(raw);
    if (id === undefined) throw errors.notFound();
    const caller = accessOf(request);
    const reader = { adminId: caller.identity.adminId, groups: caller.actor.groups };
    const scope = rowScopeOf(request);
    const { rows } = await sql<{
      id: number;
      mine: boolean;
    }>`select r.id, r.owner_id = ${reader.adminId} as mine
      from report_schedules r
      where r.id = ${id} and ${scheduleScope(reader, openable(caller.permissions))}
        and ${scope ? rowScopeSql(scope, scheduleTable.columns) : sql`true`}`.execute(db);
    if (!rows[0]) throw errors.notFound();
    return { id, mine: rows[0].mine };
  }

  app.get(
    `${reportSchedulesResource.path}/recipients`,
    {
      // Whoever may list administrators, or create or change a schedule: reading schedules is no reason
      // to list every administrator.
      config: { access: access.lookup(adminsResource, [reportSchedulesResource], ['create', 'update']) },
      schema: { querystring: recipientQuery, response: { 200: lookupResponseSchema } },
    },
    async (request) => {
      const pattern = `%${request.query.search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
      const { rows } = await sql<{ id: number; name: string }>`select id,
          coalesce(nullif(trim(first_name || ' ' || last_name), ''), '#' || id) as name
        from admins where status = ${STATUS.active}
          and (first_name || ' ' || last_name) ilike ${pattern}
        order by lower(first_name || ' ' || last_name), id limit ${RECIPIENTS_SHOWN}`.execute(db);
      return { items: rows.map((row) => ({ value: Number(row.id), label: row.name })) };
    },
  );

  app.get(
    `${reportSchedulesResource.path}/:id/runs`,
    {
      config: { access: access.to(reportSchedulesResource, 'read', { fields: null, mask: null }) },
      schema: { params: idParams, response: { 200: scheduleRunsSchema } },
    },
    async (request) => {
      // The history is the item's `last_run` at length: a grant that hides that field hides it too.
      const caller = accessOf(request);
      const decision = caller.permissions.decide(SCHEDULES, 'read');
      if (!hasField(visibleFields(decision), 'last_run')) await caller.deny(SCHEDULES, 'read', 'last_run');
      const schedule = await visibleSchedule(request, request.params.id);
      const { rows } = await sql<ScheduleRunRow>`select ${RUN_COLUMNS} from report_schedule_runs
        where schedule_id = ${schedule.id} order by started_at desc, id desc limit ${RUNS_SHOWN}`.execute(db);
      return { items: rows.map((row) => toScheduleRun(row, schedule.mine)) };
    },
  );

  app.post(
    `${reportSchedulesResource.path}/:id/send-now`,
    {
      config: { access: access.to(reportSchedulesResource, 'report-schedules.send-now', { scoped: true }) },
      schema: { params: idParams, response: { 200: scheduleRunSchema } },
    },
    async (request) => {
      const schedule = await visibleSchedule(request, request.params.id);
      // Like a change, "Send now" is the owner's: others' recipients are not theirs to mail.
      if (!schedule.mine) throw errors.forbidden();
      const outcome = await scheduler.runNow(schedule.id);
      if (!outcome) throw errors.notFound();
      if ('retryAfter' in outcome)
        throw errors.tooManyRequests('reportSentJustNow', outcome.retryAfter, {
          seconds: outcome.retryAfter,
        });
      const { run } = outcome;
      await auditSinkOf(app).record(request, {
        action: 'action',
        resource: reportSchedulesResource.name,
        recordId: schedule.id,
        detail: { name: 'send-now', status: run.status, sent: Number(run.sent) },
      });
      return toScheduleRun(run, true);
    },
  );
};

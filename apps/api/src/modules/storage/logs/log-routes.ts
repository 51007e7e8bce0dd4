import {
  type ErrorsRange,
  errorGroupSchema,
  errorGroupsResource,
  errorItemSchema,
  errorRecordSchema,
  errorsRangeSchema,
  errorsResource,
  ingestResponseSchema,
  listResponseSchema,
  logItemSchema,
  logRecordSchema,
  logsResource,
  lookupResponseSchema,
  rangeCountResponseSchema,
  rangeDeleteResponseSchema,
  recordEtag,
  storageSettingsSchema,
  storageSettingsUpdateSchema,
  translateMessage,
} from '@pult/contract';
import type { FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { access } from '../../../access/route-access.js';
import type { Db } from '../../../db/database.js';
import { errors } from '../../../http/app-error.js';
import { requestLocale } from '../../../http/locale.js';
import type { Clock } from '../../../lib/clock.js';
import { auditSinkOf, diffRecords } from '../../../resources/audit-sink.js';
import { type BulkApply, registerBulkRoute } from '../../../resources/bulk/bulk-route.js';
import { registerCsvExport } from '../../../resources/export/csv-export-route.js';
import { walkList } from '../../../resources/export/list-walk.js';
import { listRequestOf } from '../../../resources/list-request.js';
import { runList } from '../../../resources/list-sql.js';
import { parseNumericId } from '../../../resources/record-id.js';
import { readWithVersion, recordVersions } from '../../../resources/record-version.js';
import type { StorageSettingsStore } from '../settings/storage-settings.js';
import type { createIngest } from './ingest.js';
import type { LogNames } from './log-names.js';
import type { LogPruning, TimeWindow } from './log-pruning.js';
import {
  errorGroupListSource,
  errorListSource,
  GROUP_JOINS,
  GROUP_SELECT,
  type GroupRow,
  type LogRow,
  logListSource,
  logSelect,
  NAME_JOINS,
  toErrorGroup,
  toLogItem,
} from './log-sources.js';

export interface LogRouteDeps {
  db: Db;
  clock: Clock;
  ingest: ReturnType<typeof createIngest>;
  names: LogNames;
  pruning: LogPruning;
  settings: StorageSettingsStore;
  requireServiceKey: onRequestAsyncHookHandler;
}

/** A batch of 1,000 entries with some context fits; one request is capped well below memory's concern. */
export const INGEST_BODY_LIMIT = 10 * 1024 * 1024;
const idParams = z.object({ id: z.string() });
/** What one log or error record shows beyond the list's columns. */
const RECORD_FIELDS = ['trace_log', 'context', 'group_id'];
const DAY_MS = 86_400_000;

/** UTC days, inclusive, as a window of instants. */
function dayWindow(range: ErrorsRange): TimeWindow {
  const window: TimeWindow = {};
  if (range.from) window.from = new Date(`${range.from}T00:00:00Z`);
  if (range.to) window.to = new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS);
  return window;
}

/** Ingestion for services (storage API key), and the logs, errors and triage screens for administrators. */
export const logRoutes: FastifyPluginAsyncZod<LogRouteDeps> = async (app, deps) => {
  const { db } = deps;
  // Administrators' actions here are recorded in the audit log (the auth service's, via the server).
  const audit = auditSinkOf(app);

  for (const kind of ['logs', 'errors'] as const) {
    app.post(
      `/${kind}`,
      {
        config: { access: access.platform },
        onRequest: deps.requireServiceKey,
        bodyLimit: INGEST_BODY_LIMIT,
        schema: { response: { 201: ingestResponseSchema } },
      },
      async (request, reply) => reply.status(201).send({ accepted: await deps.ingest[kind](request.body) }),
    );
  }

  await app.register(async (scope) => {
    const admin = scope.withTypeProvider<ZodTypeProvider>();

    async function oneRecord(table: 'storage_logs' | 'storage_errors', raw: string) {
      const id = parseNumericId(raw);
      if (id === undefined) throw errors.notFound();
      const { rows } =
        await sql<LogRow>`select ${logSelect(true, table)} from ${sql.table(table)} l ${NAME_JOINS}
        where l.id = ${id}`.execute(db);
      if (!rows[0]) throw errors.notFound();
      return rows[0];
    }

    admin.get(
      logsResource.path,
      {
        config: { access: access.to(logsResource, 'list') },
        schema: { response: { 200: listResponseSchema(logItemSchema.partial()) } },
      },
      async (request) => runList(db, logListSource, listRequestOf(request, logsResource)),
    );
    registerCsvExport(admin, {
      descriptor: logsResource,
      rows: (request) => walkList(db, logListSource, request),
    });
    admin.get(
      `${logsResource.path}/:id`,
      {
        config: { access: access.to(logsResource, 'read', { scoped: false, readable: RECORD_FIELDS }) },
        schema: { params: idParams, response: { 200: logRecordSchema.partial() } },
      },
      async (request) => toLogItem(await oneRecord('storage_logs', request.params.id)),
    );

    admin.get(
      errorsResource.path,
      {
        config: { access: access.to(errorsResource, 'list') },
        schema: { response: { 200: listResponseSchema(errorItemSchema.partial()) } },
      },
      async (request) => runList(db, errorListSource, listRequestOf(request, errorsResource)),
    );
    registerCsvExport(admin, {
      descriptor: errorsResource,
      rows: (request) => walkList(db, errorListSource, request),
    });
    admin.get(
      `${errorsResource.path}/range-count`,
      {
        config: { access: access.to(errorsResource, 'errors.delete-range') },
        schema: { querystring: errorsRangeSchema, response: { 200: rangeCountResponseSchema } },
      },
      async (request) => ({ count: await deps.pruning.countErrors(dayWindow(request.query)) }),
    );
    admin.post(
      `${errorsResource.path}/delete-range`,
      {
        config: { access: access.to(errorsResource, 'errors.delete-range', { stepUp: true }) },
        schema: { body: errorsRangeSchema, response: { 200: rangeDeleteResponseSchema } },
      },
      async (request) => {
        const deleted = await deps.pruning.deleteErrors(dayWindow(request.body));
        await audit.record(request, {
          action: 'bulk',
          resource: errorsResource.name,
          detail: { name: 'delete-range', ...request.body, deleted },
        });
        return {
          deleted,
          message: translateMessage('errorsDeleted', requestLocale(request), { count: deleted }),
        };
      },
    );
    admin.get(
      `${errorsResource.path}/:id`,
      {
        config: { access: access.to(errorsResource, 'read', { scoped: false, readable: RECORD_FIELDS }) },
        schema: { params: idParams, response: { 200: errorRecordSchema.partial() } },
      },
      async (request) => toLogItem(await oneRecord('storage_errors', request.params.id)),
    );

    admin.get(
      errorGroupsResource.path,
      {
        config: { access: access.to(errorGroupsResource, 'list') },
        schema: { response: { 200: listResponseSchema(errorGroupSchema.partial()) } },
      },
      async (request) => runList(db, errorGroupListSource, listRequestOf(request, errorGroupsResource)),
    );
    registerCsvExport(admin, {
      descriptor: errorGroupsResource,
      rows: (request) => walkList(db, errorGroupListSource, request),
    });
    admin.get(
      `${errorGroupsResource.path}/:id`,
      {
        config: { access: access.to(errorGroupsResource, 'read', { scoped: false }) },
        schema: { params: idParams, response: { 200: errorGroupSchema.partial() } },
      },
      async (request, reply) => toErrorGroup(await oneGroup(request.params.id, reply)),
    );
    const groupStatus = { resolve: 'resolved', reopen: 'open' } as const;
    const setGroupStatus =
      (status: 'resolved' | 'open'): BulkApply<number> =>
      async (executor, ids) => {
        const done = await executor
          .updateTable('storage_error_groups')
          .set({ status, resolved_at: status === 'resolved' ? deps.clock() : null })
          .where('id', 'in', ids)
          .returning('id')
          .execute();
        return { updated: done.length, skipped: { bulkGone: ids.length - done.length } };
      };
    registerBulkRoute(admin, {
      descriptor: errorGroupsResource,
      db,
      source: errorGroupListSource,
      actions: { resolve: setGroupStatus(groupStatus.resolve), reopen: setGroupStatus(groupStatus.reopen) },
      parseId: (raw) => parseNumericId(String(raw)),
    });
    for (const [action, status] of Object.entries(groupStatus)) {
      admin.post(
        `${errorGroupsResource.path}/:id/${action}`,
        {
          config: { access: access.to(errorGroupsResource, `error-groups.${action}`) },
          schema: { params: idParams, response: { 200: errorGroupSchema } },
        },
        async (request, reply) => {
          const id = parseNumericId(request.params.id);
          if (id === undefined) throw errors.notFound();
          await db
            .updateTable('storage_error_groups')
            .set({ status, resolved_at: status === 'resolved' ? deps.clock() : null })
            .where('id', '=', id)
            .execute();
          const group = toErrorGroup(await oneGroup(request.params.id, reply));
          await audit.record(request, {
            action: 'action',
            resource: errorGroupsResource.name,
            recordId: id,
            detail: { name: action },
          });
          return group;
        },
      );
    }

    // A group answers its version (the row's xmin): a resolve, a reopen or a new occurrence changes it.
    const groupVersions = recordVersions(db, { table: 'storage_error_groups', key: 'id' });
    async function oneGroup(raw: string, reply: FastifyReply) {
      const id = parseNumericId(raw);
      if (id === undefined) throw errors.notFound();
      const { item, version } = await readWithVersion(groupVersions, id, async () => {
        const { rows } = await sql<GroupRow>`select ${GROUP_SELECT} from storage_error_groups g ${GROUP_JOINS}
          where g.id = ${id}`.execute(db);
        return rows[0];
      });
      if (!item) throw errors.notFound();
      if (version !== undefined) reply.header('etag', recordEtag(version));
      return item;
    }

    // Service and environment names are what the logs, errors and error groups show and filter by.
    const logNames = access.lookup(logsResource, [errorsResource, errorGroupsResource]);
    admin.get(
      '/admin/log-services/lookup',
      { config: { access: logNames }, schema: { response: { 200: lookupResponseSchema } } },
      () => deps.names.lookup('service'),
    );
    admin.get(
      '/admin/log-environments/lookup',
      { config: { access: logNames }, schema: { response: { 200: lookupResponseSchema } } },
      () => deps.names.lookup('environment'),
    );

    // Retention: how long logs and errors are kept.
    admin.get(
      '/admin/settings',
      {
        config: { access: access.to('storage.settings', 'read', { fields: null }) },
        schema: { response: { 200: storageSettingsSchema } },
      },
      () => deps.settings.get(),
    );
    admin.put(
      '/admin/settings',
      {
        config: { access: access.to('storage.settings', 'update', { fields: null }) },
        schema: { body: storageSettingsUpdateSchema, response: { 200: storageSettingsSchema } },
      },
      async (request) => {
        const before = await deps.settings.get();
        const after = await deps.settings.update(request.body);
        await audit.record(request, {
          action: 'update',
          resource: 'storageSettings',
          changes: diffRecords(before, after, request.body),
        });
        return after;
      },
    );
  });
};

import {
  type AuditChange,
  fieldsOfRecord,
  hasField,
  type ListResponse,
  type Locale,
  listResponseSchema,
  type MessageKey,
  type ResourceDescriptor,
  recordAllowed,
  recordConflictSchema,
  recordEtag,
  translateMessage,
} from '@pult/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { RequestAccess } from '../access/access-control.js';
import { accessOf, currentAdminId, maskerOf, type RowScope, rowScopeOf } from '../access/request-access.js';
import { access } from '../access/route-access.js';
import type { Executor } from '../db/database.js';
import { errors } from '../http/app-error.js';
import { requestLocale } from '../http/locale.js';
import { auditSinkOf, diffRecords } from './audit-sink.js';
import { registerCsvExport } from './export/csv-export-route.js';
import { registerCsvImport } from './import/import-route.js';
import type { ImportTarget } from './import/import-target.js';
import { type ListRequest, listRequestOf } from './list-request.js';
import {
  type RecordVersions,
  readWithVersion,
  type VersionCheck,
  VersionConflict,
  versionCheckOf,
} from './record-version.js';

/** What a handler knows about the caller. */
export interface RecordContext {
  locale: Locale;
  adminId: number;
  /** The administrator's permissions and the catalogue (for rules on granting: groups, memberships). */
  access: RequestAccess;
  /** The request's query string, for an operation that takes options (a confirmed delete, say). */
  query?: unknown;
  /**
   * The records the administrator's grants let this operation touch, when a condition limits them:
   * an update or a delete goes through `writeInScope` with it.
   */
  scope?: RowScope;
  /**
   * Writes the operation's audit entry inside the handler's own transaction, for resources whose
   * changes must be in the log with the change itself (groups, memberships: `auditInHandler`).
   */
  audit?: (executor: Executor, changes: AuditChange[], recordId: string | number) => Promise<void>;
  /**
   * An update's or a delete's record version: the versions its `If-Match` accepts, and the version
   * the write leaves. `writeInScope` checks and fills it when given the context.
   */
  version?: VersionCheck;
}

/** The five operations of a generic resource; `undefined` from get/update/remove means 404. */
export interface RecordHandlers<Id, Item, Create, Update> {
  list(request: ListRequest, context: RecordContext): Promise<ListResponse<Item>>;
  get(id: Id, context: RecordContext): Promise<Item | undefined>;
  create(body: Create, context: RecordContext): Promise<Item>;
  update(id: Id, body: Update, context: RecordContext): Promise<Item | undefined>;
  remove(id: Id, context: RecordContext): Promise<Item | undefined>;
  /** Every row of the list in its filter and sort, a batch at a time: serves `<path>/export.csv`. */
  exportRows?(request: ListRequest, context: RecordContext): AsyncIterable<Item[]>;
  /** The records' versions (`ETag`, `If-Match`): every record resource has them. */
  versions: RecordVersions;
}

export interface CrudRouteOptions<
  Id,
  ItemSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
> {
  descriptor: ResourceDescriptor;
  item: ItemSchema;
  create: CreateSchema;
  update: UpdateSchema;
  /** Turns the path's `{id}` into an id, or undefined when it cannot name a record. */
  parseId: (raw: string) => Id | undefined;
  handlers: RecordHandlers<Id, z.infer<ItemSchema>, z.infer<CreateSchema>, z.infer<UpdateSchema>>;
  /** False when the resource serves its list itself (settings answer a public variant too). */
  list?: boolean;
  /** The 404 text of an unknown id, when the spec names one ("Translation not found"). */
  notFound?: MessageKey;
  /** Fields an item carries beyond the descriptor's columns (an admin's photo), for field grants. */
  readable?: readonly string[];
  /** The handlers write the audit entry of create, update and delete themselves, in their transaction. */
  auditInHandler?: boolean;
  /** Serves `POST <path>/import` (CSV) through the shared import engine; none when absent. */
  importTarget?: ImportTarget;
}

const idParams = z.object({ id: z.string() });
type IdParams = z.infer<typeof idParams>;

/** The keys of an object schema (the fields a body may carry), or none for another shape. */
function bodyFields(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/**
 * Registers `GET/POST <path>` and `GET/PUT/DELETE <path>/{id}` for one resource, under the
 * descriptor's path, each declaring its action on the resource (`auth.users` → list, read, create,
 * update, delete, export). Bodies are the contract's strict schemas; responses are filtered through
 * the item schema, so a column that is not in it (a password hash) can never leave the server, and
 * through the administrator's field grants. Every successful create, update and delete is written to
 * the audit log with the fields it changed. A read answers the record's version in `ETag`; an update
 * or a delete with `If-Match` happens only at that version (else 412 with the current record), and
 * an update answers its new version.
 */
export function crudRoutes<
  Id,
  ItemSchema extends z.ZodType,
  CreateSchema extends z.ZodType,
  UpdateSchema extends z.ZodType,
>(options: CrudRouteOptions<Id, ItemSchema, CreateSchema, UpdateSchema>): FastifyPluginAsync {
  const { descriptor, handlers } = options;
  const path = descriptor.path;
  const one = `${path}/:id`;
  const readable = options.readable ? { readable: options.readable } : {};
  const declare = (action: string, writable?: readonly string[]) => ({
    access: access.to(descriptor, action, { ...readable, ...(writable ? { writable } : {}) }),
  });
  const context = (request: FastifyRequest): RecordContext => {
    const scope = rowScopeOf(request);
    return {
      locale: requestLocale(request),
      adminId: currentAdminId(request),
      access: accessOf(request),
      query: request.query,
      ...(scope ? { scope } : {}),
    };
  };
  const idOf = (raw: string): Id => {
    const id = options.parseId(raw);
    if (id === undefined) throw errors.notFound(options.notFound);
    return id;
  };
  const found = <T>(item: T | undefined): T => {
    if (item === undefined) throw errors.notFound(options.notFound);
    return item;
  };
  // Responses may lack the fields the administrator's grants do not reach.
  const answer = options.item instanceof z.ZodObject ? options.item.partial() : options.item;
  const conflictAnswer = recordConflictSchema(answer);
  /** A record as it is now and its version, read so that the two agree. */
  const readCurrent = (id: Id, request: FastifyRequest) =>
    readWithVersion(handlers.versions, id, () => handlers.get(id, context(request)));
  /**
   * 412: the record changed since the version `If-Match` named. The answer carries it as it is now,
   * as `read` shows it to this administrator, with its version in `ETag`.
   */
  const conflict = async (request: FastifyRequest, reply: FastifyReply, id: Id) => {
    const { item, version } = await readCurrent(id, request);
    if (item === undefined) throw errors.notFound(options.notFound);
    if (version !== undefined) reply.header('etag', recordEtag(version));
    reply.status(412);
    return recordConflict(request, item);
  };
  /** Runs an update or a delete under the request's `If-Match`; a stale version answers 412. */
  const conditional = async <T>(
    request: FastifyRequest,
    reply: FastifyReply,
    id: Id,
    write: (version: VersionCheck) => Promise<T | undefined>,
  ): Promise<{ result: T; version: VersionCheck } | { conflict: unknown }> => {
    const version = versionCheckOf(request.headers['if-match']);
    let result: T | undefined;
    try {
      result = await write(version);
    } catch (error) {
      if (error instanceof VersionConflict) return { conflict: await conflict(request, reply, id) };
      throw error;
    }
    const item = found(result);
    // A handler that writes without `writeInScope(…, context, …)` would ignore the precondition.
    if (version.expected && !version.applied) {
      throw new Error(`${descriptor.name}: the write did not check the record's version`);
    }
    return { result: item, version };
  };

  return async (app) => {
    const audit = auditSinkOf(app);
    const record = (
      request: FastifyRequest,
      action: 'create' | 'update' | 'delete',
      recordId: Id | string | null,
      changes: AuditChange[],
    ) =>
      audit.record(request, {
        action,
        resource: descriptor.name,
        recordId: recordId === null ? null : String(recordId),
        changes,
      });
    const handlerContext = (
      request: FastifyRequest,
      action: 'create' | 'update' | 'delete',
    ): RecordContext => ({
      ...context(request),
      ...(options.auditInHandler
        ? {
            audit: (executor: Executor, changes: AuditChange[], recordId: string | number) =>
              audit.record(
                request,
                { action, resource: descriptor.name, recordId: String(recordId), changes },
                executor,
              ),
          }
        : {}),
    });
    const logged = async (
      request: FastifyRequest,
      action: 'create' | 'update' | 'delete',
      recordId: Id | string | null,
      changes: AuditChange[],
    ) => {
      if (!options.auditInHandler) await record(request, action, recordId, changes);
    };

    if (options.list !== false) {
      app.get(
        path,
        { config: declare('list'), schema: { response: { 200: listResponseSchema(answer) } } },
        async (request) => handlers.list(listRequestOf(request, descriptor), context(request)),
      );
    }

    // Beside the list even when the resource serves its list itself.
    const { exportRows } = handlers;
    if (exportRows) {
      registerCsvExport(app, {
        descriptor,
        ...readable,
        rows: (listRequest, _locale, request) => exportRows(listRequest, context(request)),
      });
    }
    if (options.importTarget) await registerCsvImport(app, options.importTarget);

    app.post(
      path,
      // Typed loosely here: the generic schemas would defeat Fastify's reply inference.
      {
        config: declare('create', bodyFields(options.create)),
        schema: {
          body: options.create,
          response: { 201: answer },
        } satisfies FastifySchema as FastifySchema,
      },
      async (request, reply) => {
        const body = request.body as z.infer<CreateSchema>;
        assertCreateInScope(request, body);
        await assertWritable(request, body, fieldsSet(body));
        const created = await handlers.create(body, handlerContext(request, 'create'));
        await logged(request, 'create', idOfItem(created), diffRecords({}, created, body));
        reply.status(201);
        return asRead(request, created);
      },
    );

    app.get<{ Params: IdParams }>(
      one,
      { config: declare('read'), schema: { params: idParams, response: { 200: answer } } },
      async (request, reply) => {
        const { item, version } = await readCurrent(idOf(request.params.id), request);
        // A record out of the grants' scope reads as one that does not exist.
        if (!inScope(request, found(item))) throw errors.notFound(options.notFound);
        if (version !== undefined) reply.header('etag', recordEtag(version));
        return item;
      },
    );

    app.put<{ Params: IdParams }>(
      one,
      {
        config: declare('update', bodyFields(options.update)),
        schema: { params: idParams, body: options.update, response: { 200: answer, 412: conflictAnswer } },
      },
      async (request, reply) => {
        const id = idOf(request.params.id);
        const body = request.body as z.infer<UpdateSchema>;
        // Read before the write: the log shows what the administrator replaced, and fields granted
        // only on some records are checked against this one. A write racing this one between the two
        // steps can make "before" older than the row the update saw.
        const before = await handlers.get(id, context(request));
        // Out of scope reads as missing (the write below checks it again, atomically).
        if (before === undefined || !inScope(request, before)) throw errors.notFound(options.notFound);
        await assertWritable(request, before, fieldsChanged(body, before));
        const outcome = await conditional(request, reply, id, (version) =>
          handlers.update(id, body, { ...handlerContext(request, 'update'), version }),
        );
        if ('conflict' in outcome) return outcome.conflict;
        const { result: updated, version } = outcome;
        await logged(request, 'update', id, diffRecords(before, updated, body));
        if (version.written !== undefined) reply.header('etag', recordEtag(version.written));
        return asRead(request, updated);
      },
    );

    app.delete<{ Params: IdParams }>(
      one,
      {
        config: declare('delete'),
        schema: { params: idParams, response: { 200: answer, 412: conflictAnswer } },
      },
      async (request, reply) => {
        const id = idOf(request.params.id);
        const outcome = await conditional(request, reply, id, (version) =>
          handlers.remove(id, { ...handlerContext(request, 'delete'), version }),
        );
        if ('conflict' in outcome) return outcome.conflict;
        const removed = outcome.result;
        await logged(request, 'delete', id, diffRecords(removed, {}));
        return asRead(request, removed);
      },
    );
  };
}

/**
 * A written record as the administrator may read it: the answer of a create, update or delete shows
 * no more than `read` would (only the record's key when they may not read it at all).
 */
function asRead<T>(request: FastifyRequest, item: T): T {
  const access = accessOf(request);
  const resource = access.decision?.resource;
  if (!resource) return item;
  const decision = access.permissions.decide(resource, 'read');
  const record = item as Record<string, unknown>;
  if (!decision.allowed) return keyOnly(item);
  return maskerOf(request, decision)(record) as T;
}

/**
 * The body of a 412: why, in the request's language, and the record as it is now, as the
 * administrator's `read` shows it (for routes of their own that take `If-Match` too).
 */
export function recordConflict<T>(request: FastifyRequest, item: T): { message: string; current: T } {
  return {
    message: translateMessage('recordChanged', requestLocale(request)),
    current: currentAsRead(request, item),
  };
}

/**
 * The current record of a 412 as the administrator's `read` shows it: masked the same way, and only
 * its key when `read` does not reach this record (the write's grants may reach further than reading).
 */
function currentAsRead<T>(request: FastifyRequest, item: T): T {
  const access = accessOf(request);
  const resource = access.decision?.resource;
  if (resource) {
    const decision = access.permissions.decide(resource, 'read');
    const readable =
      decision.allowed &&
      recordAllowed(
        decision,
        item as Record<string, unknown>,
        access.actor,
        access.catalogue.kindOf(resource),
      );
    if (!readable) return keyOnly(item);
  }
  return asRead(request, item);
}

function keyOnly<T>(item: T): T {
  return Object.fromEntries(
    Object.entries(item as Record<string, unknown>).filter(([key]) => ['id', 'uuid', 'key'].includes(key)),
  ) as T;
}

/** Whether a record meets the route's row scope, judged on its values as answered. */
function inScope(request: FastifyRequest, item: unknown): boolean {
  const scope = rowScopeOf(request);
  if (!scope) return true;
  const access = accessOf(request);
  return recordAllowed(
    scope.decision,
    item as Record<string, unknown>,
    scope.actor,
    access.catalogue.kindOf(scope.decision.resource),
  );
}

/**
 * A record created under a condition must meet it as sent: the fields the condition names are
 * compared as the body gives them (a field left to its default is missing, so the condition fails).
 */
function assertCreateInScope(request: FastifyRequest, body: unknown): void {
  if (!inScope(request, body)) throw errors.forbidden('outOfScope');
}

/**
 * Field grants on writes: every field the body writes must be one the grants give on this record
 * (the record as it was, for an update; the body itself, for a create). A body may carry a field it
 * may not write when it leaves it as it is, so a form that sends every field works for anyone.
 */
async function assertWritable(request: FastifyRequest, record: unknown, written: readonly string[]) {
  const access = accessOf(request);
  const decision = access.decision;
  if (!decision || written.length === 0) return;
  const fields = fieldsOfRecord(
    decision,
    record as Record<string, unknown>,
    access.actor,
    access.catalogue.kindOf(decision.resource),
  );
  for (const field of written) {
    if (!hasField(fields, field)) await access.deny(decision.resource, decision.action, field);
  }
}

/** The fields a new record's body sets (an empty optional field sets nothing). */
function fieldsSet(body: unknown): string[] {
  return Object.entries(asRecord(body))
    .filter(([, value]) => value !== undefined && value !== null && value !== '' && !isEmptyList(value))
    .map(([field]) => field);
}

/** The fields an update changes: those whose value differs from the record's (a field it does not show, a password, always counts). */
function fieldsChanged(body: unknown, before: unknown): string[] {
  const old = asRecord(before);
  return Object.entries(asRecord(body))
    .filter(([field, value]) => value !== undefined && !(field in old && sameValue(value, old[field])))
    .map(([field]) => field);
}

function sameValue(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown) =>
    JSON.stringify(
      Array.isArray(value) ? [...value].map((item) => JSON.stringify(item)).sort() : (value ?? null),
    );
  return canonical(a) === canonical(b);
}

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

function asRecord(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/** The id a created record reports (`id`, or `key` for settings), for its audit entry. */
function idOfItem(item: unknown): string | null {
  if (item === null || typeof item !== 'object') return null;
  const { id, key } = item as { id?: unknown; key?: unknown };
  const value = id ?? key;
  return value === undefined || value === null ? null : String(value);
}

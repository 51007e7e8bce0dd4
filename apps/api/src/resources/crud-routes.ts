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
} from '@pult/contract';
import type { FastifyPluginAsync, FastifyRequest, FastifySchema } from 'fastify';
import { z } from 'zod';
import type { RequestAccess } from '../access/access-control.js';
import { accessOf, currentAdminId, type RowScope, rowScopeOf } from '../access/request-access.js';
import { access } from '../access/route-access.js';
import type { Executor } from '../db/database.js';
import { errors } from '../http/app-error.js';
import { requestLocale } from '../http/locale.js';
import { auditSinkOf, diffRecords } from './audit-sink.js';
import { registerCsvExport } from './export/csv-export-route.js';
import { type ListRequest, listRequestOf } from './list-request.js';

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
 * the audit log with the fields it changed.
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
        const created = await handlers.create(body, handlerContext(request, 'create'));
        await logged(request, 'create', idOfItem(created), diffRecords({}, created, body));
        reply.status(201);
        return created;
      },
    );

    app.get<{ Params: IdParams }>(
      one,
      { config: declare('read'), schema: { params: idParams, response: { 200: answer } } },
      async (request) => {
        const item = found(await handlers.get(idOf(request.params.id), context(request)));
        // A record out of the grants' scope reads as one that does not exist.
        if (!inScope(request, item)) throw errors.notFound(options.notFound);
        return item;
      },
    );

    app.put<{ Params: IdParams }>(
      one,
      {
        config: declare('update', bodyFields(options.update)),
        schema: { params: idParams, body: options.update, response: { 200: answer } },
      },
      async (request) => {
        const id = idOf(request.params.id);
        const body = request.body as z.infer<UpdateSchema>;
        // Read before the write: the log shows what the administrator replaced, and fields granted
        // only on some records are checked against this one. A write racing this one between the two
        // steps can make "before" older than the row the update saw.
        const before = await handlers.get(id, context(request));
        if (before !== undefined) await assertFieldsWritable(request, before, body);
        const updated = found(await handlers.update(id, body, handlerContext(request, 'update')));
        await logged(request, 'update', id, diffRecords(before, updated, body));
        return updated;
      },
    );

    app.delete<{ Params: IdParams }>(
      one,
      { config: declare('delete'), schema: { params: idParams, response: { 200: answer } } },
      async (request) => {
        const id = idOf(request.params.id);
        const removed = found(await handlers.remove(id, handlerContext(request, 'delete')));
        await logged(request, 'delete', id, diffRecords(removed, {}));
        return removed;
      },
    );
  };
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

/** Fields granted on some records only: the body may write only those this record grants. */
async function assertFieldsWritable(request: FastifyRequest, before: unknown, body: unknown) {
  const access = accessOf(request);
  const decision = access.decision;
  if (!decision || body === null || typeof body !== 'object') return;
  const conditional =
    decision.allows.some((grant) => grant.where && grant.fields) ||
    decision.fieldDenies.some((grant) => grant.where);
  if (!conditional) return;
  const fields = fieldsOfRecord(
    decision,
    before as Record<string, unknown>,
    access.actor,
    access.catalogue.kindOf(decision.resource),
  );
  for (const field of Object.keys(body)) {
    if (!hasField(fields, field)) await access.deny(decision.resource, decision.action, field);
  }
}

/** The id a created record reports (`id`, or `key` for settings), for its audit entry. */
function idOfItem(item: unknown): string | null {
  if (item === null || typeof item !== 'object') return null;
  const { id, key } = item as { id?: unknown; key?: unknown };
  const value = id ?? key;
  return value === undefined || value === null ? null : String(value);
}

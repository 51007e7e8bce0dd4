import type { AuditChange, ListResponse, Locale, MessageKey, ResourceDescriptor } from '@pult/contract';
import { listResponseSchema } from '@pult/contract';
import type { FastifyPluginAsync, FastifyRequest, FastifySchema, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { errors } from '../http/app-error.js';
import { requestLocale } from '../http/locale.js';
import { auditSinkOf, diffRecords } from './audit-sink.js';
import { registerCsvExport } from './export/csv-export-route.js';
import { type ListRequest, parseListRequest } from './list-request.js';

/** What a handler knows about the caller. */
export interface RecordContext {
  locale: Locale;
  adminId: number;
  /** The request's query string, for an operation that takes options (a confirmed delete, say). */
  query?: unknown;
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
  /** Authenticates the caller and sets `request.admin`; runs before the body or query is validated. */
  guard: onRequestAsyncHookHandler;
  /** The signed-in administrator's id, read after the guard ran. */
  adminIdOf: (request: FastifyRequest) => number;
  /** False when the resource serves its list itself (settings answer a public variant too). */
  list?: boolean;
  /** The 404 text of an unknown id, when the spec names one ("Translation not found"). */
  notFound?: MessageKey;
}

const idParams = z.object({ id: z.string() });
type IdParams = z.infer<typeof idParams>;

/**
 * Registers `GET/POST <path>` and `GET/PUT/DELETE <path>/{id}` for one resource, under the
 * descriptor's path. Bodies are the contract's strict schemas; responses are filtered through the
 * item schema, so a column that is not in it (a password hash) can never leave the server.
 * Every successful create, update and delete is written to the audit log with the fields it changed.
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
  const context = (request: FastifyRequest): RecordContext => ({
    locale: requestLocale(request),
    adminId: options.adminIdOf(request),
    query: request.query,
  });
  const idOf = (raw: string): Id => {
    const id = options.parseId(raw);
    if (id === undefined) throw errors.notFound(options.notFound);
    return id;
  };
  const found = <T>(item: T | undefined): T => {
    if (item === undefined) throw errors.notFound(options.notFound);
    return item;
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
    // onRequest, not preHandler: a caller without a token gets 401 before any 422 about their input.
    app.addHook('onRequest', options.guard);

    if (options.list !== false) {
      app.get(path, { schema: { response: { 200: listResponseSchema(options.item) } } }, async (request) =>
        handlers.list(parseListRequest(descriptor, request.query), context(request)),
      );
    }

    // Beside the list even when the resource serves its list itself.
    const { exportRows } = handlers;
    if (exportRows) {
      registerCsvExport(app, {
        descriptor,
        rows: (listRequest, _locale, request) => exportRows(listRequest, context(request)),
      });
    }

    app.post(
      path,
      // Typed loosely here: the generic schemas would defeat Fastify's reply inference.
      {
        schema: {
          body: options.create,
          response: { 201: options.item },
        } satisfies FastifySchema as FastifySchema,
      },
      async (request, reply) => {
        const body = request.body as z.infer<CreateSchema>;
        const created = await handlers.create(body, context(request));
        await record(request, 'create', idOfItem(created), diffRecords({}, created, body));
        reply.status(201);
        return created;
      },
    );

    app.get<{ Params: IdParams }>(
      one,
      { schema: { params: idParams, response: { 200: options.item } } },
      async (request) => found(await handlers.get(idOf(request.params.id), context(request))),
    );

    app.put<{ Params: IdParams }>(
      one,
      { schema: { params: idParams, body: options.update, response: { 200: options.item } } },
      async (request) => {
        const id = idOf(request.params.id);
        const body = request.body as z.infer<UpdateSchema>;
        // Read before the write: the log shows what the administrator replaced. A write racing this
        // one between the two steps can make "before" older than the row the update saw.
        const before = await handlers.get(id, context(request));
        const updated = found(await handlers.update(id, body, context(request)));
        await record(request, 'update', id, diffRecords(before, updated, body));
        return updated;
      },
    );

    app.delete<{ Params: IdParams }>(
      one,
      { schema: { params: idParams, response: { 200: options.item } } },
      async (request) => {
        const id = idOf(request.params.id);
        const removed = found(await handlers.remove(id, context(request)));
        await record(request, 'delete', id, diffRecords(removed, {}));
        return removed;
      },
    );
  };
}

/** The id a created record reports (`id`, or `key` for settings), for its audit entry. */
function idOfItem(item: unknown): string | null {
  if (item === null || typeof item !== 'object') return null;
  const { id, key } = item as { id?: unknown; key?: unknown };
  const value = id ?? key;
  return value === undefined || value === null ? null : String(value);
}

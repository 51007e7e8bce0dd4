import {
  BULK_BATCH_SIZE,
  type BulkOutcome,
  type BulkRequest,
  type BulkResult,
  bulkRequestSchema,
  bulkResultSchema,
  isMessageKey,
  type Locale,
  type ResourceDescriptor,
  translateMessage,
} from '@pult/contract';
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Db, Executor } from '../../db/database.js';
import { errors } from '../../http/app-error.js';
import { requestLocale } from '../../http/locale.js';
import type { RecordContext } from '../crud-routes.js';
import { parseListRequest } from '../list-request.js';
import { type ListSource, whereClause } from '../list-sql.js';

/** One action applied to one batch of rows, inside the batch's transaction, with the single-record rules. */
export type BulkApply<Id> = (
  executor: Executor,
  ids: Id[],
  value: unknown,
  context: RecordContext,
) => Promise<BulkOutcome>;

export interface BulkRouteOptions<Id, Row, Item> {
  descriptor: ResourceDescriptor;
  db: Db;
  /** The list's source: "every row matching the filter" is found with its filters. */
  source: ListSource<Row, Item>;
  /** One function per action the descriptor declares in `bulkActions`. */
  actions: Record<string, BulkApply<Id>>;
  /** A row id from the request, or undefined when it cannot name a row (it is then skipped as gone). */
  parseId: (raw: number | string) => Id | undefined;
  adminIdOf: (request: FastifyRequest) => number;
  /** The list's guard, when the scope it is registered in has none of its own. */
  guard?: onRequestAsyncHookHandler;
  /** After a batch committed with at least one row changed (an e-mail worker to wake, say). */
  afterBatch?: (action: string) => void;
}

/**
 * `POST <list>/bulk`: one batch of a bulk action per request, in one transaction. The panel sends the
 * picked ids (at most `BULK_BATCH_SIZE`) or the list's filter; with a filter the server walks the
 * matching rows by key, `BULK_BATCH_SIZE` at a time, and answers the key to continue `after`. Every
 * answer counts what changed and what was skipped, by reason, so the panel can sum up the whole run.
 */
export function registerBulkRoute<Id extends number | string, Row, Item>(
  app: FastifyInstance,
  options: BulkRouteOptions<Id, Row, Item>,
): void {
  const { descriptor } = options;
  const declared = new Map((descriptor.bulkActions ?? []).map((action) => [action.name, action]));
  for (const name of declared.keys()) {
    if (!options.actions[name]) throw new Error(`${descriptor.name}: bulk action "${name}" has no handler`);
  }

  app.withTypeProvider<ZodTypeProvider>().post(
    `${descriptor.path}/bulk`,
    {
      ...(options.guard ? { onRequest: options.guard } : {}),
      schema: { body: bulkRequestSchema, response: { 200: bulkResultSchema } },
    },
    async (request) => {
      const body = request.body;
      const action = declared.get(body.action);
      const apply = options.actions[body.action];
      if (!action || !apply) throw errors.fields({ action: 'bulkUnknownAction' });
      if (action.kind === 'set') {
        if (!action.options.some((option) => option.value === body.value))
          throw errors.fields({ value: 'invalidOption' });
      } else if (body.value !== undefined) throw errors.fields({ value: 'invalidValue' });

      const context: RecordContext = {
        locale: requestLocale(request),
        adminId: options.adminIdOf(request),
      };
      const { ids, next, gone } = await selectBatch(options, body);
      const outcome: BulkOutcome =
        ids.length === 0
          ? { updated: 0, skipped: {} }
          : await options.db.transaction().execute((trx) => apply(trx, ids, body.value, context));
      if (gone > 0) outcome.skipped.bulkGone = (outcome.skipped.bulkGone ?? 0) + gone;
      if (outcome.updated > 0) options.afterBatch?.(body.action);
      return toResult(outcome, next, context.locale);
    },
  );
}

async function selectBatch<Id extends number | string, Row, Item>(
  options: BulkRouteOptions<Id, Row, Item>,
  body: BulkRequest,
): Promise<{ ids: Id[]; next: number | string | null; gone: number }> {
  if (body.ids) {
    const ids = [...new Set(body.ids)].flatMap((raw) => {
      const id = options.parseId(raw);
      return id === undefined ? [] : [id];
    });
    return { ids, next: null, gone: body.ids.length - ids.length };
  }
  const { source } = options;
  const listRequest = parseListRequest(options.descriptor, prefixed(body.filter ?? {}));
  const key = sql.ref(`${source.alias}.${source.key}`);
  const filters = whereClause(source, listRequest.conditions);
  const hasFilters = listRequest.conditions.length > 0 || source.scope !== undefined;
  const afterKey = body.after === undefined ? undefined : options.parseId(body.after);
  if (body.after !== undefined && afterKey === undefined) throw errors.fields({ after: 'invalidValue' });
  const where =
    afterKey === undefined
      ? filters
      : hasFilters
        ? sql`${filters} and ${key} > ${afterKey}`
        : sql`where ${key} > ${afterKey}`;
  const { rows } = await sql<{ id: Id }>`select ${key} as id
    from ${sql.table(source.table)} as ${sql.id(source.alias)} ${where}
    order by ${key} limit ${BULK_BATCH_SIZE}`.execute(options.db);
  const ids = rows.map((row) => row.id);
  const last = ids[ids.length - 1];
  return { ids, next: ids.length === BULK_BATCH_SIZE && last !== undefined ? last : null, gone: 0 };
}

/** The filter may be sent as `{ email: 'ann' }` or with the list's own names, `{ 'filter[email]': 'ann' }`. */
function prefixed(filter: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).map(([name, value]) => [
      name.startsWith('filter[') ? name : `filter[${name}]`,
      value,
    ]),
  );
}

function toResult(outcome: BulkOutcome, next: number | string | null, locale: Locale): BulkResult {
  const skipped = Object.entries(outcome.skipped).flatMap(([reason, count]) =>
    count && count > 0 && isMessageKey(reason)
      ? [{ reason, text: translateMessage(reason, locale), count }]
      : [],
  );
  return { updated: outcome.updated, skipped, next };
}

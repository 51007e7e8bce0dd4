import {
  BULK_BATCH_SIZE,
  type BulkOutcome,
  type BulkRequest,
  type BulkResult,
  bulkRequestSchema,
  bulkResultSchema,
  isMessageKey,
  type Locale,
  permissionResourceOf,
  type ResourceDescriptor,
  translateMessage,
} from '@pult/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Transaction } from 'kysely';
import {
  accessOf,
  assertFilterable,
  authorize,
  currentAdminId,
  type RowScope,
  rowScopeOf,
} from '../../access/request-access.js';
import { access } from '../../access/route-access.js';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/app-error.js';
import { requestLocale } from '../../http/locale.js';
import { auditSinkOf } from '../audit-sink.js';
import type { RecordContext } from '../crud-routes.js';
import { type ListRequest, parseListRequest } from '../list-request.js';
import { type ListSource, whereClause } from '../list-sql.js';
import { rowScopeSql, withRowScope } from '../row-scope.js';
import { countOutOfScope } from '../scoped-write.js';

/** One action applied to one batch of rows, inside the batch's transaction, with the single-record rules. */
export type BulkApply<Id> = (
  executor: Transaction<Database>,
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
  /** After a batch committed with at least one row changed (an e-mail worker to wake, say). */
  afterBatch?: (action: string) => void;
}

/**
 * `POST <list>/bulk`: one batch of a bulk action per request, in one transaction. The panel sends the
 * picked ids (at most `BULK_BATCH_SIZE`) or the list's filter; with a filter the server walks the
 * matching rows by key, `BULK_BATCH_SIZE` at a time, and answers the key to continue `after`. Every
 * answer counts what changed and what was skipped, by reason, so the panel can sum up the whole run.
 * Each action is the resource's `bulk.<name>` permission: its grants' conditions limit the rows (ids
 * out of scope are skipped as gone, "all matching" walks only rows in scope) and every row must still
 * be in scope after the action (else the batch is rolled back: 403).
 */
export function registerBulkRoute<Id extends number | string, Row, Item>(
  app: FastifyInstance,
  options: BulkRouteOptions<Id, Row, Item>,
): void {
  const { descriptor } = options;
  const audit = auditSinkOf(app);
  const declared = new Map((descriptor.bulkActions ?? []).map((action) => [action.name, action]));
  for (const name of declared.keys()) {
    if (!options.actions[name]) throw new Error(`${descriptor.name}: bulk action "${name}" has no handler`);
  }

  // Asked after validation, so the body is a bulk request.
  const isBulkDelete = (request: FastifyRequest) =>
    declared.get((request.body as BulkRequest).action)?.kind === 'delete';

  app.withTypeProvider<ZodTypeProvider>().post(
    `${descriptor.path}/bulk`,
    {
      // Deleting many records at once cannot be undone: it needs a fresh second factor.
      config: { access: access.to(descriptor, 'bulk', { stepUp: isBulkDelete }) },
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

      const resource = permissionResourceOf(descriptor);
      const decision = await authorize(request, resource, `bulk.${body.action}`);
      if (body.filter) await assertFilterable(request, resource, Object.keys(body.filter).map(filterField));
      const scope = rowScopeOf(request, decision);
      const context: RecordContext = {
        locale: requestLocale(request),
        adminId: currentAdminId(request),
        access: accessOf(request),
        ...(scope ? { scope } : {}),
      };
      const { ids, next, gone } = await selectBatch(options, body, scope);
      const outcome: BulkOutcome =
        ids.length === 0
          ? { updated: 0, skipped: {} }
          : await options.db
              .transaction()
              .execute((trx) =>
                applyInScope(trx, options.source, ids, scope, (inScope) =>
                  apply(trx, inScope, body.value, context),
                ),
              );
      if (gone > 0) outcome.skipped.bulkGone = (outcome.skipped.bulkGone ?? 0) + gone;
      if (outcome.updated > 0) options.afterBatch?.(body.action);
      // One entry per batch: what was asked (the ids, or the filter and where the walk stood) and what it did.
      await audit.record(request, {
        action: 'bulk',
        resource: descriptor.name,
        detail: {
          name: body.action,
          ...(body.value === undefined ? {} : { value: body.value }),
          ...(body.ids ? { ids } : { filter: body.filter ?? {}, after: body.after ?? null }),
          updated: outcome.updated,
          skipped: outcome.skipped,
        },
      });
      return toResult(outcome, next, context.locale);
    },
  );
}

/**
 * Applies a batch to the ids still in scope, locked for the transaction, counting the others as gone;
 * afterwards every row must still be in scope, or the whole batch is refused.
 */
async function applyInScope<Id extends number | string, Row, Item>(
  trx: Transaction<Database>,
  source: ListSource<Row, Item>,
  ids: Id[],
  scope: RowScope | undefined,
  apply: (ids: Id[]) => Promise<BulkOutcome>,
): Promise<BulkOutcome> {
  if (!scope) return apply(ids);
  const condition = rowScopeSql(scope, source.columns);
  const key = sql.ref(`${source.alias}.${source.key}`);
  const from = sql`${sql.table(source.table)} as ${sql.id(source.alias)}`;
  const { rows } = await sql<{ id: Id }>`select ${key} as id from ${from}
    where ${key} in (${sql.join(ids)}) and ${condition}
    order by ${key} for update of ${sql.id(source.alias)}`.execute(trx);
  const inScope = rows.map((row) => row.id);
  const outcome = inScope.length === 0 ? { updated: 0, skipped: {} } : await apply(inScope);
  const left = ids.length - inScope.length;
  if (left > 0) outcome.skipped.bulkGone = (outcome.skipped.bulkGone ?? 0) + left;
  if (inScope.length > 0 && (await countOutOfScope(trx, from, key, inScope, condition)) > 0)
    throw errors.forbidden('outOfScope');
  return outcome;
}

async function selectBatch<Id extends number | string, Row, Item>(
  options: BulkRouteOptions<Id, Row, Item>,
  body: BulkRequest,
  scope: RowScope | undefined,
): Promise<{ ids: Id[]; next: number | string | null; gone: number }> {
  if (body.ids) {
    const ids = [...new Set(body.ids)].flatMap((raw) => {
      const id = options.parseId(raw);
      return id === undefined ? [] : [id];
    });
    return { ids, next: null, gone: body.ids.length - ids.length };
  }
  const source = withRowScope(options.source, scope);
  const listRequest: ListRequest = parseListRequest(options.descriptor, prefixed(body.filter ?? {}));
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

/** `filter[email]` or `email`: the field's name. */
function filterField(name: string): string {
  return /^filter\[(.+)\]$/.exec(name)?.[1] ?? name;
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

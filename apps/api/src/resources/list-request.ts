import { type Condition, type ListQuery, parseListQuery, type ResourceDescriptor } from '@pult/contract';
import type { FastifyRequest } from 'fastify';
import { type RowScope, rowScopeOf } from '../access/request-access.js';
import { errors } from '../http/app-error.js';

export interface ListRequest {
  query: ListQuery;
  conditions: Condition[];
  /** The records the administrator's grants reach, when a condition limits them. */
  scope?: RowScope;
}

/** Reads `page`, `perPage`, `sort` and `filter[…]` by the contract's grammar; a 422 keyed by parameter otherwise. */
export function parseListRequest(descriptor: ResourceDescriptor, params: unknown): ListRequest {
  const parsed = parseListQuery(descriptor, isRecord(params) ? params : {});
  if (!parsed.ok) throw errors.fields(parsed.errors);
  return { query: parsed.query, conditions: parsed.conditions };
}

/**
 * An administrator's list request: the query by the grammar, limited to the records the route's
 * decision reaches, so the page, the total, an export and a bulk action see the same rows.
 */
export function listRequestOf(
  request: FastifyRequest,
  descriptor: ResourceDescriptor,
  query: unknown = request.query,
): ListRequest {
  const scope = rowScopeOf(request);
  return { ...parseListRequest(descriptor, query), ...(scope ? { scope } : {}) };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

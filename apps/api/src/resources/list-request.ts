import { type Condition, type ListQuery, parseListQuery, type ResourceDescriptor } from '@pult/contract';
import { errors } from '../http/app-error.js';

export interface ListRequest {
  query: ListQuery;
  conditions: Condition[];
}

/** Reads `page`, `perPage`, `sort` and `filter[…]` by the contract's grammar; a 422 keyed by parameter otherwise. */
export function parseListRequest(descriptor: ResourceDescriptor, params: unknown): ListRequest {
  const parsed = parseListQuery(descriptor, isRecord(params) ? params : {});
  if (!parsed.ok) throw errors.fields(parsed.errors);
  return { query: parsed.query, conditions: parsed.conditions };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

import {
  defaultSortOf,
  EMPTY_LIST_QUERY,
  effectiveSort,
  formatSort,
  type ListQuery,
  type Locale,
  listQueryToParams,
  type PageSize,
  parseListQuery,
  type ResourceDescriptor,
  type SortDirection,
} from '@pult/contract';
import { dependentFilters } from './filter-dependencies';

/**
 * The table's state lives in the URL with the same names and grammar as the API (`page`, `perPage`,
 * `sort`, `filter[field]`), so a link or a reload shows the same page and the request is the URL's
 * own parameters. The functions here are pure; `use-table-state.ts` binds them to the router.
 */

const FILTER_PARAM = /^filter\[[^\]]*\]$/;
const TABLE_PARAMS = new Set(['page', 'perPage', 'sort']);

function isTableParam(name: string): boolean {
  return TABLE_PARAMS.has(name) || FILTER_PARAM.test(name);
}

/**
 * Reads the table state from URL parameters. A hand-edited or outdated link may carry parameters the
 * grammar refuses; those are dropped one by one instead of failing the page, and the rest still apply.
 */
export function readTableState(descriptor: ResourceDescriptor, search: URLSearchParams): ListQuery {
  const params: Record<string, string> = {};
  // The first occurrence wins when a name repeats, as the API would refuse an array.
  for (const [name, value] of search) {
    if (isTableParam(name) && !(name in params)) params[name] = value;
  }
  const first = parseListQuery(descriptor, params);
  if (first.ok) return first.query;
  for (const name of Object.keys(first.errors)) delete params[name];
  const second = parseListQuery(descriptor, params);
  // Errors are per parameter, so removing the faulty ones always leaves a valid query.
  return second.ok ? second.query : { ...EMPTY_LIST_QUERY, filters: {} };
}

/** New URL parameters: the table's in canonical form, any other parameter of the page kept as it was. */
export function writeTableState(search: URLSearchParams, query: ListQuery): URLSearchParams {
  const next = new URLSearchParams();
  for (const [name, value] of search) {
    if (!isTableParam(name)) next.append(name, value);
  }
  for (const [name, value] of Object.entries(listQueryToParams(query))) next.set(name, value);
  return next;
}

/**
 * Spec §4: changing a filter resets to page 1. An empty value removes the filter. The filters that
 * depend on the changed one go with it (a city when the country changes), as the forms empty them.
 * Setting a filter to the value it has is no change at all.
 */
export function setFilter(
  descriptor: ResourceDescriptor,
  query: ListQuery,
  field: string,
  value: string,
): ListQuery {
  const next = value.trim() === '' ? undefined : value;
  if (query.filters[field] === next) return query;
  const filters = { ...query.filters };
  if (next === undefined) delete filters[field];
  else filters[field] = next;
  for (const dependent of dependentFilters(descriptor, field)) delete filters[dependent];
  return { ...query, filters, page: 1 };
}

export function clearFilters(query: ListQuery): ListQuery {
  return { ...query, filters: {}, page: 1 };
}

/** Spec §4: changing the page size resets to page 1. */
export function setPerPage(query: ListQuery, perPage: PageSize): ListQuery {
  return { ...query, perPage, page: 1 };
}

export function setPage(query: ListQuery, page: number): ListQuery {
  return { ...query, page: Math.max(1, Math.trunc(page)) };
}

/**
 * Spec §4: a click on a sortable header toggles ascending and descending; another column starts
 * ascending. Sorting is by one column. When the result is the default of the reader's language,
 * `sort` is left out so the URL stays clean.
 */
export function toggleSort(
  descriptor: ResourceDescriptor,
  query: ListQuery,
  field: string,
  locale: Locale,
): ListQuery {
  const current = activeSort(descriptor, query, locale);
  const direction: SortDirection = current?.field === field && current.direction === 'asc' ? 'desc' : 'asc';
  const sort = [{ field, direction }];
  return { ...query, sort: formatSort(sort) === defaultSortOf(descriptor, locale) ? [] : sort };
}

/**
 * The column the rows are ordered by (the first term of the applied sort), for the header arrow. A
 * list without a sort in its URL is in the default the server applies for the reader's language.
 */
export function activeSort(
  descriptor: ResourceDescriptor,
  query: ListQuery,
  locale: Locale,
): { field: string; direction: SortDirection } | undefined {
  return effectiveSort(descriptor, query, locale)[0];
}

import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../constants.js';
import type { Locale } from '../locales.js';
import type { MessageKey } from '../messages.js';
import { type FieldDescriptor, findField, type ResourceDescriptor } from './descriptor.js';

/**
 * The list grammar of ARCHITECTURE.md ("Generic resources"), one implementation for both ends:
 * the server validates requests with it and the panel keeps its table state in the URL with it.
 *
 *   ?page=2&perPage=20&sort=-created_at,email&filter[email]=ann&filter[created_at]=2025-01-01,2025-01-31
 *   &total=exact   (optional: an exact total where the list would answer an estimate)
 */
export type PageSize = (typeof PAGE_SIZE_OPTIONS)[number];
export type SortDirection = 'asc' | 'desc';

export interface SortTerm {
  field: string;
  direction: SortDirection;
}

export interface ListQuery {
  page: number;
  perPage: PageSize;
  /** Empty means the descriptor's default sort. */
  sort: SortTerm[];
  /** Non-empty raw filter values by field, as typed. */
  filters: Record<string, string>;
  /**
   * `total=exact`: count the matches even where the list would estimate them (a broad "contains"),
   * within a longer time budget; asked for on demand, never by the table's own requests.
   */
  exactTotal?: true;
}

/** A filter checked and converted to what the database binds. */
export type Condition =
  | { field: string; type: 'text'; value: string }
  | { field: string; type: 'number'; value: number }
  | { field: string; type: 'date'; from: string; to: string }
  | { field: string; type: 'select'; value: string | number | boolean };

export type ListQueryErrors = Record<string, MessageKey>;

export type ParsedListQuery =
  | { ok: true; query: ListQuery; conditions: Condition[] }
  | { ok: false; errors: ListQueryErrors };

export const MAX_PAGE = 10_000_000;
export const MAX_TEXT_FILTER_LENGTH = 200;
const FILTER_PARAM = /^filter\[([A-Za-z0-9_]+)\]$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INTEGER = /^-?\d{1,15}$/;

export const EMPTY_LIST_QUERY: ListQuery = { page: 1, perPage: DEFAULT_PAGE_SIZE, sort: [], filters: {} };

/** Parses query parameters (strings, or arrays when a name repeats); never throws. */
export function parseListQuery(
  descriptor: ResourceDescriptor,
  params: Record<string, unknown>,
): ParsedListQuery {
  const errors: ListQueryErrors = {};
  const query: ListQuery = { ...EMPTY_LIST_QUERY, filters: {} };
  const conditions: Condition[] = [];

  for (const [name, raw] of Object.entries(params)) {
    if (raw === undefined) continue;
    if (typeof raw !== 'string') {
      errors[name] = 'invalidValue';
      continue;
    }
    if (name === 'page') {
      const page = parsePage(raw);
      if (page === undefined) errors.page = 'invalidPage';
      else query.page = page;
    } else if (name === 'perPage') {
      const perPage = PAGE_SIZE_OPTIONS.find((size) => String(size) === raw);
      if (perPage === undefined) errors.perPage = 'invalidPerPage';
      else query.perPage = perPage;
    } else if (name === 'total') {
      if (raw === 'exact') query.exactTotal = true;
      else errors.total = 'invalidValue';
    } else if (name === 'sort') {
      const sort = parseSort(descriptor, raw);
      if (typeof sort === 'string') errors.sort = sort;
      else query.sort = sort;
    } else {
      const field = FILTER_PARAM.exec(name)?.[1];
      const descriptorField = field === undefined ? undefined : findField(descriptor, field);
      if (!descriptorField?.filter) {
        errors[name] = field === undefined ? 'unknownParameter' : 'unknownFilter';
        continue;
      }
      const value = raw.trim();
      if (value === '') continue;
      const condition = parseCondition(descriptorField, value);
      if (typeof condition === 'string') errors[name] = condition;
      else {
        query.filters[descriptorField.name] = value;
        conditions.push(condition);
      }
    }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, query, conditions };
}

function parsePage(raw: string): number | undefined {
  if (!/^\d{1,8}$/.test(raw)) return undefined;
  const page = Number(raw);
  return page >= 1 && page <= MAX_PAGE ? page : undefined;
}

function parseSort(descriptor: ResourceDescriptor, raw: string): SortTerm[] | MessageKey {
  if (raw === '') return [];
  const terms: SortTerm[] = [];
  for (const part of raw.split(',')) {
    const descending = part.startsWith('-');
    const name = descending ? part.slice(1) : part;
    if (!findField(descriptor, name)?.sortable) return 'unsortableField';
    if (terms.some((term) => term.field === name)) return 'invalidValue';
    terms.push({ field: name, direction: descending ? 'desc' : 'asc' });
  }
  return terms;
}

/** Checks one filter value against its field's filter type; a message key when it does not fit. */
export function parseCondition(field: FieldDescriptor, value: string): Condition | MessageKey {
  const filter = field.filter;
  if (!filter) return 'unknownFilter';
  switch (filter.type) {
    case 'text':
      return value.length > MAX_TEXT_FILTER_LENGTH ? 'tooLong' : { field: field.name, type: 'text', value };
    case 'number':
      return INTEGER.test(value)
        ? { field: field.name, type: 'number', value: Number(value) }
        : 'mustBeInteger';
    case 'date': {
      const range = parseDateFilter(value);
      return range ? { field: field.name, type: 'date', ...range } : 'dateFilterFormat';
    }
    case 'select': {
      if ('lookup' in filter) {
        return /^\d{1,15}$/.test(value)
          ? { field: field.name, type: 'select', value: Number(value) }
          : 'invalidOption';
      }
      const option = filter.options.find((candidate) => String(candidate.value) === value);
      return option ? { field: field.name, type: 'select', value: option.value } : 'invalidOption';
    }
  }
}

/**
 * A date filter: `YYYY-MM-DD` (that day) or `YYYY-MM-DD,YYYY-MM-DD` (inclusive, from ≤ to).
 * Returns null for anything else, including dates that do not exist.
 */
export function parseDateFilter(value: string): { from: string; to: string } | null {
  const parts = value.split(',');
  if (parts.length > 2) return null;
  const [from, to = from] = parts.map((part) => part.trim());
  if (!from || !to || !isCalendarDate(from) || !isCalendarDate(to)) return null;
  return from <= to ? { from, to } : null;
}

export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  // Not Date.UTC: it reads the years 0–99 as 1900–1999, which would reject 0001-01-01.
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** The query's parameters in canonical form: defaults left out, filters in descriptor order. */
export function listQueryToParams(query: ListQuery): Record<string, string> {
  const params: Record<string, string> = {};
  if (query.page !== 1) params.page = String(query.page);
  if (query.perPage !== DEFAULT_PAGE_SIZE) params.perPage = String(query.perPage);
  if (query.sort.length > 0) params.sort = formatSort(query.sort);
  for (const [field, value] of Object.entries(query.filters)) {
    if (value !== '') params[`filter[${field}]`] = value;
  }
  if (query.exactTotal) params.total = 'exact';
  return params;
}

export function formatSort(sort: readonly SortTerm[]): string {
  return sort.map((term) => (term.direction === 'desc' ? `-${term.field}` : term.field)).join(',');
}

/** The sort a list has when the request names none, in the reader's language when it depends on it. */
export function defaultSortOf(descriptor: ResourceDescriptor, locale?: Locale): string {
  return (locale && descriptor.defaultSortIn?.[locale]) ?? descriptor.defaultSort;
}

/** `sort` as applied: the request's terms, or else the descriptor's default (in the reader's language). */
export function effectiveSort(descriptor: ResourceDescriptor, query: ListQuery, locale?: Locale): SortTerm[] {
  if (query.sort.length > 0) return query.sort;
  return defaultSortOf(descriptor, locale)
    .split(',')
    .map((part) =>
      part.startsWith('-') ? { field: part.slice(1), direction: 'desc' } : { field: part, direction: 'asc' },
    );
}

export function pageCountOf(total: number, perPage: number): number {
  return Math.ceil(total / perPage);
}

/**
 * What a list's `total` is: the number of matches (`exact`); an estimate the server stands behind
 * (`estimate`: within ±10 % of the count for 95 % of filters, never 25 % off); or a lower bound
 * (`moreThan`: more than `total` rows match, as many as were counted or seen), answered where no
 * estimate that close could be had within the list's time budget.
 */
export const TOTAL_KINDS = ['exact', 'estimate', 'moreThan'] as const;
export type TotalKind = (typeof TOTAL_KINDS)[number];

/**
 * The pages known to exist: those the total fills; with a lower bound, also the page holding the
 * match after it (`moreThan` 25 at 25 a page is at least a second page).
 */
export function pageCountOfTotal(total: number, kind: TotalKind, perPage: number): number {
  return pageCountOf(kind === 'moreThan' ? total + 1 : total, perPage);
}

/**
 * What a list row carries besides its record's fields: its version, as the record's `ETag` reads
 * (`W/"123"`, docs/architecture.md "Record versions"), so a delete from the row goes with `If-Match`
 * and is refused (412) when someone changed the record since the list was read. Optional: lists not
 * of record resources have none.
 */
export const listItemVersionSchema = z.object({ version: z.string().optional() });
export type ListItemVersion = z.infer<typeof listItemVersionSchema>;

export function listResponseSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(z.intersection(item, listItemVersionSchema)),
    total: z.number().int(),
    totalExact: z.boolean(),
    totalKind: z.enum(TOTAL_KINDS),
    pageCount: z.number().int(),
  });
}

/**
 * One page of a list. `total` is exact when `totalExact`; otherwise `totalKind` says whether it is an
 * estimate (a broad filter on a big table) or a lower bound (`moreThan`), either never below the rows
 * already seen, and `pageCount` follows it (`pageCountOfTotal`): there is a next page whenever
 * `page < pageCount`, but the last page's number is only known when exact.
 */
export interface ListResponse<Item> {
  items: Array<Item & ListItemVersion>;
  total: number;
  /** `totalKind === 'exact'`, kept for clients that read it alone. */
  totalExact: boolean;
  totalKind: TotalKind;
  pageCount: number;
}

/** `{ items: [{ value, label }] }` of a lookup path. */
export const lookupResponseSchema = z.object({
  items: z.array(z.object({ value: z.number().int(), label: z.string() })),
});
export type LookupResponse = z.infer<typeof lookupResponseSchema>;

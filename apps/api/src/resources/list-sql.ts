import {
  type Condition,
  effectiveSort,
  type ListResponse,
  pageCountOf,
  type ResourceDescriptor,
  type SortTerm,
} from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../db/database.js';
import type { ListRequest } from './list-request.js';

/** How the database compares a column: decides the cast of a bound filter value. */
export type ColumnKind = 'text' | 'integer' | 'timestamp' | 'date' | 'boolean';

export interface ListColumn {
  sql: RawBuilder<unknown>;
  kind: ColumnKind;
  /** A filter that is not a comparison of `sql` ("missing a language", say); bound values only. */
  where?: (condition: Condition) => RawBuilder<unknown>;
}

/**
 * Where a resource's list reads from. Every sortable or filterable field of the descriptor needs a
 * column here; the SQL is built from the descriptor's grammar only, and values are always bound.
 */
export interface ListSource<Row, Item> {
  descriptor: ResourceDescriptor;
  /** The listed table and its alias; filters and sorts may only use its columns. */
  table: string;
  alias: string;
  /**
   * Joins for display only (names of referenced records). They are applied to the one page after it
   * is chosen, so a deep page or a count never joins the rows it skips.
   */
  joins?: RawBuilder<unknown>;
  /** The select list over the alias and the joins; it may depend on the language. */
  select: RawBuilder<unknown>;
  columns: Record<string, ListColumn>;
  /** The primary-key column: the tie-breaker of every sort, so pages never overlap or skip rows. */
  key: string;
  toItem: (row: Row) => Item;
  /** A table whose exact size `row_counts` keeps: an unfiltered list reads its total from there. */
  countedTable?: string;
  /**
   * A condition every row of this list meets whatever the request asks (a user's own files, say),
   * over the listed table's columns. A scoped list never reads `countedTable`.
   */
  scope?: RawBuilder<unknown>;
}

export async function runList<Row, Item>(
  executor: Executor,
  source: ListSource<Row, Item>,
  request: ListRequest,
): Promise<ListResponse<Item>> {
  const { query, conditions } = request;
  const where = whereClause(source, conditions);
  const orderBy = orderByClause(source, effectiveSort(source.descriptor, query));
  const offset = (query.page - 1) * query.perPage;
  const base = sql`${sql.table(source.table)} as ${sql.id(source.alias)}`;
  // A deferred join: the page is found on the keys alone (an index-only scan when an index covers
  // the filter and sort), then its rows and their names are fetched, so a deep page does not read
  // every row it skips.
  const page = sql`select ${keyOf(source)} from ${base} ${where} order by ${orderBy}
    limit ${query.perPage} offset ${offset}`;
  const [rows, count] = await Promise.all([
    sql<Row>`select ${source.select} from (${page}) as page join ${base} using (${sql.id(source.key)})
      ${source.joins ?? sql``} order by ${orderBy}`.execute(executor),
    countQuery(source, conditions, base, where).execute(executor),
  ]);
  const total = Number(count.rows[0]?.total ?? 0);
  return { items: rows.rows.map(source.toItem), total, pageCount: pageCountOf(total, query.perPage) };
}

function countQuery<Row, Item>(
  source: ListSource<Row, Item>,
  conditions: Condition[],
  base: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
) {
  if (source.countedTable && conditions.length === 0 && !source.scope) {
    return sql<{
      total: number;
    }>`select n as total from row_counts where table_name = ${source.countedTable}`;
  }
  return sql<{ total: number }>`select count(*)::int as total from ${base} ${where}`;
}

function keyOf(source: Pick<ListSource<never, never>, 'alias' | 'key'>): RawBuilder<unknown> {
  return sql.ref(`${source.alias}.${source.key}`);
}

function columnOf(
  source: Pick<ListSource<never, never>, 'columns' | 'descriptor'>,
  field: string,
): ListColumn {
  const column = source.columns[field];
  // The grammar only admits descriptor fields, so a gap here is a programming error, not bad input.
  if (!column) throw new Error(`List of ${source.descriptor.name} has no column for field "${field}"`);
  return column;
}

/** The `where …` of a list's scope and filters (empty without any), for a statement over `table as alias`. */
export function whereClause<Row, Item>(
  source: ListSource<Row, Item>,
  conditions: Condition[],
): RawBuilder<unknown> {
  const parts = conditions.map((condition) => {
    const column = columnOf(source, condition.field);
    return column.where ? column.where(condition) : conditionSql(column, condition);
  });
  if (source.scope) parts.unshift(source.scope);
  if (parts.length === 0) return sql``;
  return sql`where ${sql.join(parts, sql` and `)}`;
}

function conditionSql(column: ListColumn, condition: Condition): RawBuilder<unknown> {
  const expr = column.sql;
  switch (condition.type) {
    case 'text':
      // PostgreSQL text cannot hold NUL, so no value contains one; binding it would be an error (a 500).
      if (condition.value.includes('\u0000')) return sql`false`;
      return sql`${expr} ilike ${`%${escapeLike(condition.value)}%`}`;
    case 'number':
      return sql`${expr} = ${typed(column.kind, condition.value)}`;
    case 'select':
      return sql`${expr} = ${typed(column.kind, condition.value)}`;
    case 'date':
      if (column.kind === 'date')
        return sql`${expr} between ${condition.from}::date and ${condition.to}::date`;
      // A day is a UTC day: from its midnight up to, not including, the next day's midnight.
      return sql`${expr} >= (${condition.from}::date)::timestamp at time zone 'UTC' and ${expr} < (${condition.to}::date + 1)::timestamp at time zone 'UTC'`;
  }
}

/** Binds a value with the column's type, so an integer column is compared (and indexed) as one. */
function typed(kind: ColumnKind, value: string | number | boolean): RawBuilder<unknown> {
  if (kind === 'integer') return sql`${value}::bigint`;
  if (kind === 'boolean') return sql`${value}::boolean`;
  return sql`${String(value)}::text`;
}

function orderByClause<Row, Item>(source: ListSource<Row, Item>, sort: SortTerm[]): RawBuilder<unknown> {
  const terms = sort.map((term) => sql`${columnOf(source, term.field).sql} ${direction(term)}`);
  // The tie-breaker follows the first term's direction, so one (column, id) index serves both ways.
  terms.push(sql`${keyOf(source)} ${direction(sort[0] ?? { field: source.key, direction: 'asc' })}`);
  return sql.join(terms, sql`, `);
}

function direction(term: SortTerm): RawBuilder<unknown> {
  return term.direction === 'desc' ? sql`desc` : sql`asc`;
}

/** `%`, `_` and `\` typed in a filter are matched literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

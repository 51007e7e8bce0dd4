import { effectiveSort } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ListRequest } from '../list-request.js';
import { type ListSource, orderOf, whereClause } from '../list-sql.js';
import { withRowScope } from '../row-scope.js';

/** Rows per statement: large enough to amortise a round trip, small enough to keep memory flat. */
export const WALK_BATCH_SIZE = 1000;

interface Term {
  expr: RawBuilder<unknown>;
  desc: boolean;
}

/** A sort key of the last row read: each term's value as text (exact for any type), or null. */
type Cursor = (string | null)[];

/**
 * Every row of a list, in its filter and sort, a batch at a time: a keyset walk (each batch starts
 * strictly after the last row of the one before), so memory stays at one batch however long the list,
 * and a deep batch costs what the first one does instead of an ever-growing OFFSET.
 *
 * The walk follows PostgreSQL's order exactly: ascending puts NULLs last, descending first, and the
 * primary key breaks ties in the first term's direction (as `runList` does). It runs in two segments —
 * the rows where the first term is not null, and those where it is — so inside the first segment the
 * bound on the first term (`col >= last`) is a plain range an index on `(col, id)` can start from.
 * Values go back as text and PostgreSQL reads them as the column's own type, so timestamps keep
 * their microseconds. The walk is not a snapshot: a row changed while the export runs may appear
 * with either version, or not at all if its sort key moved behind the walk.
 */
export async function* walkList<Row, Item>(
  executor: Executor,
  listSource: ListSource<Row, Item>,
  request: ListRequest,
  batchSize = WALK_BATCH_SIZE,
): AsyncGenerator<Item[]> {
  const source = withRowScope(listSource, request.scope);
  const sort = effectiveSort(source.descriptor, request.query, source.locale);
  const keyExpr = sql.ref(`${source.alias}.${source.key}`);
  const terms: Term[] = sort.map((term) => ({
    expr: columnSql(source, term.field),
    desc: term.direction === 'desc',
  }));
  const firstDesc = terms[0]?.desc ?? false;
  terms.push({ expr: keyExpr, desc: firstDesc });
  const first = terms[0] as Term;
  const nonNull = sql`${first.expr} is not null`;
  const isNull = sql`${first.expr} is null`;
  // A sort by the key alone has no null segment.
  const segments = terms.length === 1 ? [nonNull] : firstDesc ? [isNull, nonNull] : [nonNull, isNull];

  const base = sql`${sql.table(source.table)} as ${sql.id(source.alias)}`;
  const filters = whereClause(source, request.conditions);
  const hasFilters = request.conditions.length > 0 || source.scope !== undefined;
  const orderBy = sql.join(
    terms.map((term) => sql`${term.expr} ${term.desc ? sql`desc` : sql`asc`}`),
    sql`, `,
  );
  const cursorColumns = sql.join(
    terms.map((term, index) => sql`${term.expr}::text as ${sql.id(`__k${index}`)}`),
  );
  const cursorRefs = sql.join(terms.map((_, index) => sql.ref(`page.__k${index}`)));

  for (const segment of segments) {
    let cursor: Cursor | undefined;
    for (;;) {
      const conditions = [segment];
      if (cursor) {
        const bound = segment === nonNull ? firstBound(first, cursor[0] ?? null) : undefined;
        if (bound) conditions.push(bound);
        conditions.push(after(terms, cursor));
      }
      const extra = sql.join(conditions, sql` and `);
      const where = hasFilters ? sql`${filters} and ${extra}` : sql`where ${extra}`;
      const page = sql`select ${keyExpr}, ${cursorColumns} from ${base} ${where}
        order by ${orderBy} limit ${batchSize}`;
      const { rows } = await sql<Row & Record<string, string | null>>`select ${source.select}, ${cursorRefs}
        from (${page}) as page join ${base} using (${sql.id(source.key)}) ${source.joins ?? sql``}
        order by ${orderBy}`.execute(executor);
      if (rows.length === 0) break;
      yield rows.map(source.toItem);
      if (rows.length < batchSize) break;
      const last = rows[rows.length - 1] as Record<string, string | null>;
      cursor = terms.map((_, index) => last[`__k${index}`] ?? null);
    }
  }
}

function columnSql<Row, Item>(source: ListSource<Row, Item>, field: string): RawBuilder<unknown> {
  const column = source.columns[field];
  if (!column) throw new Error(`List of ${source.descriptor.name} has no column for field "${field}"`);
  return orderOf(column);
}

/** An index-usable range on the first term, implied by `after` within the non-null segment. */
function firstBound(term: Term, value: string | null): RawBuilder<unknown> | undefined {
  if (value === null) return undefined;
  return term.desc ? sql`${term.expr} <= ${value}` : sql`${term.expr} >= ${value}`;
}

/** Rows strictly after the cursor in the sort order: equal on a prefix of terms, then past the next. */
function after(terms: Term[], cursor: Cursor): RawBuilder<unknown> {
  const alternatives = terms.map((term, index) => {
    const parts = terms.slice(0, index).map((previous, j) => equal(previous, cursor[j] ?? null));
    parts.push(strictlyAfter(term, cursor[index] ?? null));
    return sql`(${sql.join(parts, sql` and `)})`;
  });
  return sql`(${sql.join(alternatives, sql` or `)})`;
}

function equal(term: Term, value: string | null): RawBuilder<unknown> {
  return value === null ? sql`${term.expr} is null` : sql`${term.expr} = ${value}`;
}

/** Ascending puts NULLs last and descending first, as PostgreSQL orders by default. */
function strictlyAfter(term: Term, value: string | null): RawBuilder<unknown> {
  if (term.desc) return value === null ? sql`${term.expr} is not null` : sql`${term.expr} < ${value}`;
  return value === null ? sql`false` : sql`(${term.expr} > ${value} or ${term.expr} is null)`;
}

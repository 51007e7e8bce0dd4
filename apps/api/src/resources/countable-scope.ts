import { ACTOR_GROUPS, ACTOR_ID, type FieldCondition, type Where } from '@pult/contract';
import type { RawBuilder } from 'kysely';
import type { RowScope } from '../access/request-access.js';
import type { ColumnKind } from './list-sample.js';

/**
 * "The field's value is one of these": what a countable row scope says, in a form the list engine
 * reasons about like its own filters (the sample judges it, the day counters sum its buckets). The
 * values are as the grant names them: a scope is only countable when they have the column's type.
 */
export interface SetFilter {
  field: string;
  values: readonly SetValue[];
}

export type SetValue = string | number | boolean;

/** What the reduction needs of a list column (a `ListColumn` or a `ScopeColumn`). */
export interface CountableColumn {
  kind: ColumnKind;
  array?: RawBuilder<unknown>;
  where?: unknown;
}

/**
 * What a list's engine may know of the rows it lists: `[]` when every row is in (no scope at all),
 * the set filters that say exactly which rows are when the request's scope is countable, undefined
 * when a condition it cannot reason about limits them (the resource's own scope, any other grant).
 */
export function knownScope(
  source: { scope?: RawBuilder<unknown>; columns: Record<string, CountableColumn> },
  scope: RowScope | undefined,
): readonly SetFilter[] | undefined {
  if (source.scope) return undefined;
  if (!scope) return [];
  return countableScope(scope, source.columns);
}

/**
 * A row scope as set filters, when it is one: no row denies (a `not` the sets cannot say), and every
 * allowing grant's condition the same conjunction of `eq`/`in` on plain scalar columns with literal
 * values. Anything else (an array column, a column filtered through its own `where`, `$actor`, a
 * range, two grants with different conditions, whose union is not a conjunction) stays opaque SQL.
 */
export function countableScope(
  scope: RowScope,
  columns: Record<string, CountableColumn>,
): SetFilter[] | undefined {
  const { decision } = scope;
  if (!decision.allowed || decision.rowDenies.length > 0 || decision.allows.length === 0) return undefined;
  let reduced: SetFilter[] | undefined;
  for (const grant of decision.allows) {
    const sets = grant.where && setsOf(grant.where, columns);
    if (!sets) return undefined;
    if (reduced && keyOf(reduced) !== keyOf(sets)) return undefined;
    reduced = sets;
  }
  return reduced;
}

/** Counters and the sample compare printed values exactly; timestamps they hold only by day. */
const EXACT_KINDS: ReadonlySet<ColumnKind> = new Set(['integer', 'text', 'boolean']);

function setsOf(where: Where, columns: Record<string, CountableColumn>): SetFilter[] | undefined {
  const sets: SetFilter[] = [];
  for (const [field, condition] of Object.entries(where)) {
    const column = columns[field];
    if (!column || column.array || column.where || !EXACT_KINDS.has(column.kind)) return undefined;
    const values = valuesOf(condition, column.kind);
    if (!values) return undefined;
    sets.push({ field, values });
  }
  if (sets.length === 0) return undefined;
  return sets.sort((a, b) => (a.field < b.field ? -1 : 1));
}

/** The values an `eq`/`in` condition admits (with both, those both admit), sorted; undefined for any other. */
function valuesOf(condition: FieldCondition, kind: ColumnKind): SetValue[] | undefined {
  const operators = Object.keys(condition).filter(
    (key) => condition[key as keyof FieldCondition] !== undefined,
  );
  if (operators.length === 0 || operators.some((key) => key !== 'eq' && key !== 'in')) return undefined;
  if (condition.eq === ACTOR_ID || condition.in === ACTOR_GROUPS) return undefined;
  const lists: unknown[][] = [];
  if (condition.eq !== undefined) lists.push([condition.eq]);
  if (condition.in !== undefined) lists.push([...condition.in]);
  const [first, ...rest] = lists;
  if (!first || [...first, ...rest.flat()].some((value) => !hasKind(value, kind))) return undefined;
  const values = first.filter((value) => rest.every((list) => list.includes(value))) as SetValue[];
  return [...new Set(values)].sort((a, b) => (String(a) < String(b) ? -1 : 1));
}

/**
 * The evaluator treats a value of another type as never equal, while SQL would cast it ('1' to 1):
 * such a scope is left to the SQL, which decides it as today.
 */
function hasKind(value: unknown, kind: ColumnKind): value is SetValue {
  if (kind === 'integer') return typeof value === 'number' && Number.isSafeInteger(value);
  if (kind === 'boolean') return typeof value === 'boolean';
  return typeof value === 'string';
}

function keyOf(sets: readonly SetFilter[]): string {
  return JSON.stringify(sets);
}

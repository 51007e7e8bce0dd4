import { ACTOR_GROUPS, ACTOR_ID, type Actor, type FieldCondition, type Where } from '@pult/contract';
import { type RawBuilder, sql } from 'kysely';
import type { RowScope } from '../access/request-access.js';
import type { ColumnKind } from './list-sample.js';

/** What the compiler needs of a list column; `array` is the stored array of a list field (groups). */
export interface ScopeColumn {
  sql: RawBuilder<unknown>;
  kind: ColumnKind;
  array?: RawBuilder<unknown>;
}

const CAST: Record<ColumnKind, RawBuilder<unknown>> = {
  integer: sql.raw('bigint'),
  text: sql.raw('text'),
  boolean: sql.raw('boolean'),
  timestamp: sql.raw('timestamptz'),
  date: sql.raw('date'),
};

/**
 * A row scope as one SQL condition over a list's columns: one of the allowing grants' conditions
 * holds and none of the denying ones does. Every comparison is two-valued (a missing value makes
 * it false, except `ne`), so the `not` of a deny never turns an unknown into a pass, and the result
 * agrees with the contract's evaluator (`recordAllowed`) row for row.
 */
export function rowScopeSql(scope: RowScope, columns: Record<string, ScopeColumn>): RawBuilder<unknown> {
  // Built once per decision, list columns and actor: a builder is immutable, so every request of
  // the administrator reuses it.
  const byColumns = compiled.get(scope.decision) ?? new WeakMap();
  compiled.set(scope.decision, byColumns);
  const byActor = byColumns.get(columns) ?? new Map<string, RawBuilder<unknown>>();
  byColumns.set(columns, byActor);
  const key = `${scope.actor.id}|${scope.actor.groups.join(',')}`;
  let condition = byActor.get(key);
  if (!condition) {
    if (byActor.size > 100) byActor.clear();
    condition = compileScope(scope, columns);
    byActor.set(key, condition);
  }
  return condition;
}

const compiled = new WeakMap<
  RowScope['decision'],
  WeakMap<Record<string, ScopeColumn>, Map<string, RawBuilder<unknown>>>
>();

function compileScope(scope: RowScope, columns: Record<string, ScopeColumn>): RawBuilder<unknown> {
  const { decision, actor } = scope;
  const compile = (where: Where) => whereSql(where, columns, actor);
  const allowed = decision.allows.some((grant) => !grant.where)
    ? sql`true`
    : anyOf(decision.allows.flatMap((grant) => (grant.where ? [compile(grant.where)] : [])));
  const denied = decision.rowDenies.flatMap((grant) => (grant.where ? [compile(grant.where)] : []));
  return denied.length === 0 ? sql`(${allowed})` : sql`(${allowed} and not ${anyOf(denied)})`;
}

function anyOf(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length === 0 ? sql`false` : sql`(${sql.join(conditions, sql` or `)})`;
}

function whereSql(where: Where, columns: Record<string, ScopeColumn>, actor: Actor): RawBuilder<unknown> {
  const parts = Object.entries(where).map(([field, condition]) => {
    const column = columns[field];
    // Grants are checked against the catalogue when written; a field without a column is a bug here.
    if (!column) throw new Error(`No list column for the condition on "${field}"`);
    return column.array
      ? listConditionSql(condition, column.array, actor)
      : scalarConditionSql(condition, column, actor);
  });
  return sql`(${sql.join(parts, sql` and `)})`;
}

function scalarConditionSql(
  condition: FieldCondition,
  column: ScopeColumn,
  actor: Actor,
): RawBuilder<unknown> {
  const col = column.sql;
  const cast = CAST[column.kind];
  const value = (given: unknown) =>
    sql`${bindable(given === ACTOR_ID ? actor.id : given, column.kind)}::${cast}`;
  const parts: RawBuilder<unknown>[] = [];
  if (condition.eq !== undefined) parts.push(sql`(${col} is not null and ${col} = ${value(condition.eq)})`);
  if (condition.ne !== undefined) parts.push(sql`(${col} is distinct from ${value(condition.ne)})`);
  if (condition.in !== undefined) {
    const options =
      condition.in === ACTOR_GROUPS
        ? [...actor.groups]
        : condition.in.map((item) => bindable(item, column.kind));
    parts.push(sql`(${col} is not null and ${col} = any(${options}::${cast}[]))`);
  }
  if (condition.gte !== undefined)
    parts.push(sql`(${col} is not null and ${col} >= ${value(condition.gte)})`);
  if (condition.lte !== undefined) {
    // Answers carry milliseconds, the database microseconds: "at most 10:00:00.000" is every instant
    // shown as that millisecond, as the evaluator compares them.
    parts.push(
      column.kind === 'timestamp'
        ? sql`(${col} is not null and ${col} < ${nextMillisecond(condition.lte)}::timestamptz)`
        : sql`(${col} is not null and ${col} <= ${value(condition.lte)})`,
    );
  }
  if (condition.null !== undefined)
    parts.push(condition.null ? sql`(${col} is null)` : sql`(${col} is not null)`);
  return sql`(${sql.join(parts, sql` and `)})`;
}

function listConditionSql(
  condition: FieldCondition,
  col: RawBuilder<unknown>,
  actor: Actor,
): RawBuilder<unknown> {
  const contains = (value: unknown) => sql`coalesce(${String(value)}::text = any(${col}), false)`;
  const parts: RawBuilder<unknown>[] = [];
  if (condition.eq !== undefined) parts.push(contains(condition.eq));
  if (condition.ne !== undefined) parts.push(sql`not ${contains(condition.ne)}`);
  if (condition.in !== undefined) {
    const options = condition.in === ACTOR_GROUPS ? [...actor.groups] : condition.in.map(String);
    parts.push(sql`coalesce(${col} && ${options}::text[], false)`);
  }
  if (condition.null !== undefined) {
    parts.push(
      condition.null
        ? sql`(${col} is null or cardinality(${col}) = 0)`
        : sql`(${col} is not null and cardinality(${col}) > 0)`,
    );
  }
  return sql`(${sql.join(parts, sql` and `)})`;
}

/** A condition's value as bound: instants in their canonical form, so every database reads them alike. */
function bindable(value: unknown, kind: ColumnKind): unknown {
  if (kind === 'timestamp' && typeof value === 'string') return new Date(Date.parse(value)).toISOString();
  return value;
}

function nextMillisecond(value: unknown): string {
  return new Date(Date.parse(String(value)) + 1).toISOString();
}

/** A list source limited to a row scope as well as its own (the scope joins `source.scope`). */
export function withRowScope<S extends { scope?: RawBuilder<unknown>; columns: Record<string, ScopeColumn> }>(
  source: S,
  scope: RowScope | undefined,
): S {
  if (!scope) return source;
  const condition = rowScopeSql(scope, source.columns);
  return { ...source, scope: source.scope ? sql`${source.scope} and ${condition}` : condition };
}

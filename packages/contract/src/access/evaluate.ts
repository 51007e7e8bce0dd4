import { ACTOR_GROUPS, ACTOR_ID, type FieldCondition, type Grant, type Where } from './grants.js';

/**
 * The one evaluator of grants. The panel asks it what to show; the server asks it whether a route may
 * run at all and which fields an answer may carry, and compiles the same rules to SQL for the rows
 * (a property test holds the two to agreement).
 */

/**
 * How a field's values compare: `list` is an array of texts (an administrator's groups), `json` cannot
 * be compared at all.
 */
export type FieldKind = 'integer' | 'text' | 'boolean' | 'timestamp' | 'date' | 'list' | 'json';

/** The kind of a field of the resource being decided, or undefined for a field it does not have. */
export type KindOf = (field: string) => FieldKind | undefined;

/** The acting administrator's own values, which a condition may name (`$actor.id`, `$actor.groups`). */
export interface Actor {
  id: number;
  groups: readonly string[];
}

/** `*`, `prefix.*` or an exact name. */
export function patternMatches(pattern: string, name: string): boolean {
  if (pattern === '*') return true;
  if (pattern.endsWith('.*')) return name.startsWith(pattern.slice(0, -1));
  return pattern === name;
}

/** What the grants of an administrator's groups say about one action on one resource. */
export interface Decision {
  resource: string;
  action: string;
  /** Some grant allows it and no unconditional deny takes it away. */
  allowed: boolean;
  /** The allowing grants; a record is in scope when one of their conditions holds. */
  allows: readonly Grant[];
  /** Denies with a condition and no fields: records meeting it are out of scope. */
  rowDenies: readonly Grant[];
  /** Denies with fields (and maybe a condition): those fields are hidden or read-only. */
  fieldDenies: readonly Grant[];
}

export function decide(grants: readonly Grant[], resource: string, action: string): Decision {
  const allows: Grant[] = [];
  const rowDenies: Grant[] = [];
  const fieldDenies: Grant[] = [];
  let deniedOutright = false;
  for (const grant of grants) {
    if (!patternMatches(grant.resource, resource) || !patternMatches(grant.action, action)) continue;
    if (grant.effect === 'allow') allows.push(grant);
    else if (grant.fields) fieldDenies.push(grant);
    else if (grant.where) rowDenies.push(grant);
    else deniedOutright = true;
  }
  return { resource, action, allowed: allows.length > 0 && !deniedOutright, allows, rowDenies, fieldDenies };
}

/** Every record the action can reach is in scope: no condition needs to be applied. */
export function coversEveryRecord(decision: Decision): boolean {
  return decision.allowed && decision.rowDenies.length === 0 && decision.allows.some((grant) => !grant.where);
}

/** Either every field but some, or only some. */
export type FieldSet =
  | { readonly all: true; readonly except: ReadonlySet<string> }
  | { readonly all: false; readonly only: ReadonlySet<string> };

export const ALL_FIELDS: FieldSet = { all: true, except: new Set() };

export function hasField(fields: FieldSet, name: string): boolean {
  return fields.all ? !fields.except.has(name) : fields.only.has(name);
}

/** No field is held back. */
export function isEveryField(fields: FieldSet): boolean {
  return fields.all && fields.except.size === 0;
}

/** The names of a resource's fields that the set holds, in the resource's order. */
export function fieldNames(fields: FieldSet, of: readonly string[]): string[] {
  return of.filter((name) => hasField(fields, name));
}

/** Field sets worked out once per decision (decisions are kept per permission set and reused). */
const visibleMemo = new WeakMap<Decision, FieldSet>();
const filterableMemo = new WeakMap<Decision, FieldSet>();
const grantFields = new WeakMap<Grant, FieldSet>();

function memo(cache: WeakMap<Decision, FieldSet>, decision: Decision, make: () => FieldSet): FieldSet {
  let fields = cache.get(decision);
  if (!fields) {
    fields = make();
    cache.set(decision, fields);
  }
  return fields;
}

/**
 * The fields any record in scope may show (a list's columns, a form's fields): the allows' fields
 * together, without those an unconditional deny names.
 */
export function visibleFields(decision: Decision): FieldSet {
  return memo(visibleMemo, decision, () =>
    without(
      unionOf(decision.allows),
      decision.fieldDenies.filter((grant) => !grant.where),
    ),
  );
}

/**
 * The fields every record in scope shows, so filtering or sorting on them cannot reveal a value the
 * administrator may not read: the allows' fields in common, without any a deny names.
 */
export function filterableFields(decision: Decision): FieldSet {
  return memo(filterableMemo, decision, () => commonFields(decision));
}

function commonFields(decision: Decision): FieldSet {
  let common: FieldSet = ALL_FIELDS;
  for (const grant of decision.allows) {
    if (!grant.fields) continue;
    const own = new Set(grant.fields);
    common = {
      all: false,
      only: common.all ? own : new Set([...common.only].filter((field) => own.has(field))),
    };
  }
  return without(common, decision.fieldDenies);
}

/** The fields of one record: the allows whose condition it meets, without the denies it meets. */
export function fieldsOfRecord(
  decision: Decision,
  record: Readonly<Record<string, unknown>>,
  actor: Actor,
  kindOf: KindOf,
): FieldSet {
  const meets = (grant: Grant) => !grant.where || whereHolds(grant.where, record, actor, kindOf);
  const allows = decision.allows.filter(meets);
  const denies = decision.fieldDenies.filter(meets);
  // The common case (one allow applies, nothing denied) reuses that grant's own set.
  if (allows.length === 1 && denies.length === 0 && allows[0]) return fieldsOfGrant(allows[0]);
  return without(unionOf(allows), denies);
}

function fieldsOfGrant(grant: Grant): FieldSet {
  let fields = grantFields.get(grant);
  if (!fields) {
    fields = grant.fields ? { all: false, only: new Set(grant.fields) } : ALL_FIELDS;
    grantFields.set(grant, fields);
  }
  return fields;
}

/** Whether one record is in the action's scope. */
export function recordAllowed(
  decision: Decision,
  record: Readonly<Record<string, unknown>>,
  actor: Actor,
  kindOf: KindOf,
): boolean {
  if (!decision.allowed) return false;
  const holds = (where: Where) => whereHolds(where, record, actor, kindOf);
  return (
    decision.allows.some((grant) => !grant.where || holds(grant.where)) &&
    !decision.rowDenies.some((grant) => grant.where !== undefined && holds(grant.where))
  );
}

function unionOf(grants: readonly Grant[]): FieldSet {
  const fields = new Set<string>();
  for (const grant of grants) {
    if (!grant.fields) return ALL_FIELDS;
    for (const field of grant.fields) fields.add(field);
  }
  return { all: false, only: fields };
}

function without(fields: FieldSet, denies: readonly Grant[]): FieldSet {
  const denied = denies.flatMap((grant) => grant.fields ?? []);
  if (denied.length === 0) return fields;
  if (fields.all) return { all: true, except: new Set([...fields.except, ...denied]) };
  const out = new Set(denied);
  return { all: false, only: new Set([...fields.only].filter((field) => !out.has(field))) };
}

/** Every field's condition holds for the record. */
export function whereHolds(
  where: Where,
  record: Readonly<Record<string, unknown>>,
  actor: Actor,
  kindOf: KindOf,
): boolean {
  return Object.entries(where).every(([field, condition]) =>
    conditionHolds(condition, record[field], kindOf(field), actor),
  );
}

function conditionHolds(condition: FieldCondition, raw: unknown, kind: FieldKind | undefined, actor: Actor) {
  // A field the resource does not have is never met: grants naming one are refused when written.
  if (kind === undefined || kind === 'json') return false;
  const value = normalise(raw, kind);
  const missing = value === null || (kind === 'list' && (value as unknown[]).length === 0);
  // A list field is compared with single texts: its operands are texts, not lists.
  const operandKind: FieldKind = kind === 'list' ? 'text' : kind;
  const operand = (given: unknown) => normalise(given === ACTOR_ID ? actor.id : given, operandKind);
  const list = (given: unknown): unknown[] =>
    given === ACTOR_GROUPS ? [...actor.groups] : Array.isArray(given) ? given.map(operand) : [];
  const checks: boolean[] = [];
  if (condition.eq !== undefined) checks.push(equals(value, operand(condition.eq), kind));
  if (condition.ne !== undefined) checks.push(!equals(value, operand(condition.ne), kind));
  if (condition.in !== undefined) {
    const options = list(condition.in);
    checks.push(
      value !== null &&
        (kind === 'list'
          ? (value as unknown[]).some((item) => options.includes(item))
          : options.some((option) => option === value)),
    );
  }
  if (condition.gte !== undefined) checks.push(compare(value, operand(condition.gte)) >= 0);
  if (condition.lte !== undefined) {
    const order = compare(value, operand(condition.lte));
    checks.push(!Number.isNaN(order) && order <= 0);
  }
  if (condition.null !== undefined) checks.push(condition.null === missing);
  return checks.every(Boolean);
}

/** True only when both are present and equal; on a list, when it contains the operand. */
function equals(value: unknown, operand: unknown, kind: FieldKind): boolean {
  if (value === null || operand === null) return false;
  if (kind === 'list') return (value as unknown[]).includes(operand);
  return value === operand;
}

/** NaN when either is missing, so `>=` and `<=` are both false then. */
function compare(value: unknown, operand: unknown): number {
  if (value === null || operand === null) return Number.NaN;
  if (typeof value === 'number' && typeof operand === 'number') return value - operand;
  if (typeof value === 'string' && typeof operand === 'string')
    return value < operand ? -1 : value > operand ? 1 : 0;
  return Number.NaN;
}

/**
 * A value as the database compares it: timestamps as instants (milliseconds), dates as `YYYY-MM-DD`,
 * integers as numbers; anything of the wrong type as missing.
 */
function normalise(value: unknown, kind: FieldKind): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'integer':
      return typeof value === 'number' && Number.isFinite(value) ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'timestamp': {
      const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
      return Number.isNaN(time) ? null : time;
    }
    case 'date':
      return typeof value === 'string' ? value.slice(0, 10) : null;
    case 'list':
      return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : null;
    default:
      return typeof value === 'string' ? value : null;
  }
}

import {
  ACTOR_GROUPS,
  ACTOR_ID,
  type FieldCondition,
  type FieldKind,
  type KindOf,
  type Where,
  whereProblems,
} from '@pult/contract';

/** One operator of a grant's condition. */
export type ConditionOperator = keyof FieldCondition;

export const CONDITION_OPERATORS: readonly ConditionOperator[] = ['eq', 'ne', 'in', 'gte', 'lte', 'null'];

/**
 * One row of the condition editor: a field, an operator and the value as typed. Values stay text
 * while they are edited (a half-typed list "1," must not be reformatted under the cursor); they are
 * parsed only when the grants are built.
 */
export interface ConditionRow {
  field: string;
  operator: ConditionOperator;
  value: string;
}

/** A stored condition as the server answers it (values not yet known to be of any kind). */
export type StoredWhere = Record<string, Record<string, unknown>>;

/**
 * Whether the contract accepts this operator on a field of this kind. The contract's own check is
 * asked (with a placeholder value), so the editor offers exactly what the server will take.
 */
export function operatorApplies(kind: FieldKind, operator: ConditionOperator): boolean {
  const probe = { field: { [operator]: Symbol.for('probe') } } as unknown as Where;
  // Only the placeholder may be wrong: any other problem (the operator, a kind no condition compares)
  // means the operator does not apply.
  return whereProblems(probe, () => kind).every((problem) => problem.message === 'grantValueInvalid');
}

/** The operators the editor offers for a field of this kind. */
export function operatorsFor(kind: FieldKind | undefined): ConditionOperator[] {
  return kind === undefined ? [] : CONDITION_OPERATORS.filter((operator) => operatorApplies(kind, operator));
}

/** The acting administrator's own values a condition may use on a field of this kind. */
export function actorValuesFor(kind: FieldKind | undefined, operator: ConditionOperator): string[] {
  if (operator === 'in') return kind === 'text' || kind === 'list' ? [ACTOR_GROUPS] : [];
  if (operator === 'eq' || operator === 'ne') return kind === 'integer' ? [ACTOR_ID] : [];
  return [];
}

function formatScalar(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** A stored operand as the editor shows it: lists joined by commas, booleans as `true`/`false`. */
export function formatOperand(value: unknown): string {
  if (Array.isArray(value)) return value.map(formatScalar).join(', ');
  return formatScalar(value);
}

/**
 * A typed value in the field's kind. A value that does not fit stays the text it is, so the
 * server's check names the problem rather than the editor quietly changing it. Without a known kind
 * (a field the catalogue lacks) numbers and booleans are recognised by their look, which keeps a
 * stored condition as it was.
 */
function parseScalar(text: string, kind: FieldKind | undefined): string | number | boolean {
  if (text === ACTOR_ID) return ACTOR_ID;
  const numeric = /^-?\d{1,15}$/.test(text);
  const boolean = text === 'true' || text === 'false';
  if ((kind === 'integer' || kind === undefined) && numeric) return Number(text);
  if ((kind === 'boolean' || kind === undefined) && boolean) return text === 'true';
  return text;
}

/** The operand the contract expects for what was typed. */
export function parseOperand(
  operator: ConditionOperator,
  text: string,
  kind: FieldKind | undefined,
): FieldCondition[ConditionOperator] {
  const trimmed = text.trim();
  if (operator === 'null') return trimmed !== 'false';
  if (operator === 'in') {
    if (trimmed === ACTOR_GROUPS) return ACTOR_GROUPS;
    const items = trimmed
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== '');
    return items.map((item) => parseScalar(item, kind));
  }
  return parseScalar(trimmed, kind) as FieldCondition['eq'];
}

/** A stored condition as editor rows: one per field and operator. */
export function rowsOfWhere(where: StoredWhere | undefined): ConditionRow[] {
  if (!where) return [];
  return Object.entries(where).flatMap(([field, condition]) =>
    Object.entries(condition).map(([operator, value]) => ({
      field,
      operator: operator as ConditionOperator,
      value: formatOperand(value),
    })),
  );
}

/** A row the administrator added but left empty: it says nothing, so it is not sent. */
export function isBlankRow(row: ConditionRow): boolean {
  return row.field === '' && row.value.trim() === '';
}

/** The rows as the contract's condition; undefined when there is none. */
export function whereOfRows(rows: readonly ConditionRow[], kindOf: KindOf): Where | undefined {
  const where: Record<string, Record<string, unknown>> = {};
  for (const row of rows) {
    if (isBlankRow(row)) continue;
    where[row.field] = {
      ...where[row.field],
      [row.operator]: parseOperand(row.operator, row.value, kindOf(row.field)),
    };
  }
  return Object.keys(where).length > 0 ? (where as Where) : undefined;
}

import type { MessageKey } from '../messages.js';
import type { FieldKind, KindOf } from './evaluate.js';
import { ACTOR_GROUPS, ACTOR_ID, type FieldCondition, type Where } from './grants.js';

/** Operators each kind of field can be compared with. */
const OPERATORS: Record<FieldKind, readonly (keyof FieldCondition)[]> = {
  integer: ['eq', 'ne', 'in', 'gte', 'lte', 'null'],
  text: ['eq', 'ne', 'in', 'null'],
  boolean: ['eq', 'ne', 'null'],
  timestamp: ['gte', 'lte', 'null'],
  date: ['gte', 'lte', 'null'],
  list: ['eq', 'ne', 'in', 'null'],
  json: [],
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A value of the field's kind; `$actor.id` stands for an integer (an id). */
function valueFits(value: unknown, kind: FieldKind): boolean {
  switch (kind) {
    case 'integer':
      return value === ACTOR_ID || (typeof value === 'number' && Number.isSafeInteger(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'timestamp':
      return typeof value === 'string' && INSTANT.test(value) && !Number.isNaN(Date.parse(value));
    case 'date':
      return typeof value === 'string' && DAY.test(value) && !Number.isNaN(Date.parse(value));
    case 'text':
    case 'list':
      return typeof value === 'string' && !value.startsWith('$');
    default:
      return false;
  }
}

export interface WhereProblem {
  /** Path under the `where`: `status`, `status.in`. */
  path: string;
  message: MessageKey;
}

/**
 * What is wrong with a condition for a resource whose fields have these kinds (the schema has
 * already checked its shape): fields it does not have or cannot compare, operators that do not apply
 * to a field, values of the wrong kind. Empty when it can be compiled.
 */
export function whereProblems(where: Where, kindOf: KindOf): WhereProblem[] {
  const problems: WhereProblem[] = [];
  for (const [field, condition] of Object.entries(where)) {
    const kind = kindOf(field);
    if (kind === undefined || kind === 'json') {
      problems.push({ path: field, message: 'grantFieldUnknown' });
      continue;
    }
    for (const [operator, value] of Object.entries(condition) as [keyof FieldCondition, unknown][]) {
      const path = `${field}.${operator}`;
      if (!OPERATORS[kind].includes(operator)) problems.push({ path, message: 'grantOperatorInvalid' });
      else if (!operandFits(operator, value, kind)) problems.push({ path, message: 'grantValueInvalid' });
    }
  }
  return problems;
}

function operandFits(operator: keyof FieldCondition, value: unknown, kind: FieldKind): boolean {
  if (operator === 'null') return typeof value === 'boolean';
  if (operator === 'in') {
    if (value === ACTOR_GROUPS) return kind === 'text' || kind === 'list';
    return (
      Array.isArray(value) &&
      value.length > 0 &&
      value.every((item) => item !== ACTOR_ID && valueFits(item, kind))
    );
  }
  // `$actor.id` is an id: only an integer field can equal it.
  return valueFits(value, kind);
}

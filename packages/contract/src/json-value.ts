import { z } from 'zod';
import type { MessageKey } from './messages.js';

/** Levels of arrays and objects a JSON value may nest: far more than data needs, far less than a stack. */
export const MAX_JSON_DEPTH = 64;

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * Why `value` is not a JSON value the services accept, or null: missing, not JSON (a function,
 * `undefined` inside, a non-finite number), nested deeper than `maxDepth` (`[]` is one level), or
 * holding a NUL character, which PostgreSQL's jsonb cannot store. Walks with its own stack, so a
 * value nested thousands deep is refused, not a stack overflow.
 */
export function jsonValueError(value: unknown, maxDepth = MAX_JSON_DEPTH): MessageKey | null {
  if (value === undefined) return 'required';
  const pending: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let fault: MessageKey | null = null;
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value: current, depth } = item;
    if (current === null || typeof current === 'boolean') continue;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) fault = 'invalidValue';
      continue;
    }
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return 'invalidJson';
      continue;
    }
    if (typeof current !== 'object' || !isArrayOrPlainObject(current)) return 'invalidJson';
    if (depth + 1 > maxDepth) return 'jsonTooDeep';
    const entries = Array.isArray(current) ? current : Object.entries(current);
    for (const entry of entries) {
      if (Array.isArray(current)) pending.push({ value: entry, depth: depth + 1 });
      else {
        const [key, child] = entry as [string, unknown];
        if (key.includes('\u0000')) fault = 'invalidValue';
        pending.push({ value: child, depth: depth + 1 });
      }
    }
  }
  return fault;
}

function isArrayOrPlainObject(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * Any JSON value up to MAX_JSON_DEPTH levels, for every JSON-valued field of every service
 * (`jsonValueSchema.optional()` where the field may be left out). Its issue stops the checks of the
 * object around it, so a refused value is reported once, under its own field.
 */
export const jsonValueSchema = z.custom<JsonValue>().superRefine((value, ctx) => {
  const error = jsonValueError(value);
  if (error) ctx.addIssue({ code: 'custom', message: error, continue: false });
});

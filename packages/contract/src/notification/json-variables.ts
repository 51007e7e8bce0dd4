import { z } from 'zod';
import { jsonValueError } from '../json-value.js';

/**
 * Template variables: a JSON object, checked by the services' shared JSON rule (bounded nesting, no
 * NUL), so a hostile body cannot make the server recurse without end.
 */
export const variablesSchema = z
  .record(z.string(), z.unknown(), { error: 'invalidType' })
  .superRefine((value, ctx) => {
    const error = jsonValueError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  });
export type Variables = z.infer<typeof variablesSchema>;

/** A form holds JSON as text: parse it, or report 'Invalid JSON format' (spec §5). */
export const variablesInput = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  if (value.trim() === '') return {};
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'invalidJson', input: value });
    return z.NEVER;
  }
}, variablesSchema);

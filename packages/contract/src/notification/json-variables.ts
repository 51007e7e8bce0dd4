import { z } from 'zod';

/**
 * Template variables: a JSON object whose nesting is bounded, so a hostile body cannot make the
 * server recurse without end. Kept apart so it can give way to a shared depth-limited JSON schema.
 */
export const MAX_VARIABLES_DEPTH = 8;

function depthOf(value: unknown, limit: number): number {
  if (typeof value !== 'object' || value === null) return 0;
  if (limit <= 0) return 1;
  let deepest = 0;
  for (const child of Object.values(value)) {
    deepest = Math.max(deepest, depthOf(child, limit - 1));
    if (deepest >= limit) break;
  }
  return deepest + 1;
}

/** Text that PostgreSQL's jsonb cannot store (NUL) anywhere in the value. */
const hasNul = (value: unknown) => JSON.stringify(value).includes('\\u0000');

export const variablesSchema = z
  .record(z.string(), z.unknown(), { error: 'invalidType' })
  .superRefine((value, ctx) => {
    if (depthOf(value, MAX_VARIABLES_DEPTH + 1) > MAX_VARIABLES_DEPTH) {
      ctx.addIssue({ code: 'custom', message: 'jsonTooDeep' });
    } else if (hasNul(value)) {
      ctx.addIssue({ code: 'custom', message: 'invalidValue' });
    }
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

import { z } from 'zod';

/**
 * The `context` of a log entry: any JSON value, at most 64 KB as UTF-8 JSON and 64 levels deep.
 * Depth is measured without recursion, so a hostile, deeply nested value cannot overflow the stack
 * before it is refused. (Kept small and local so a shared depth-limited JSON schema can replace it.)
 */
export const MAX_CONTEXT_BYTES = 64 * 1024;
export const MAX_JSON_DEPTH = 64;

/** True when containers nest deeper than `max` (a scalar has depth 0, `{}` and `[]` depth 1). */
export function jsonDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (typeof current !== 'object' || current === null) continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

const utf8 = new TextEncoder();

export const jsonContextSchema = z.unknown().superRefine((value, ctx) => {
  if (value === undefined) return;
  if (jsonDeeperThan(value, MAX_JSON_DEPTH)) {
    ctx.addIssue({ code: 'custom', message: 'contextTooDeep' });
    return;
  }
  const text = JSON.stringify(value);
  // jsonb cannot hold NUL; JSON.stringify writes it as \u0000.
  if (text.includes('\\u0000')) ctx.addIssue({ code: 'custom', message: 'invalidValue' });
  else if (utf8.encode(text).length > MAX_CONTEXT_BYTES) {
    ctx.addIssue({ code: 'custom', message: 'contextTooLarge' });
  }
});

import { z } from 'zod';
import { jsonValueError } from '../json-value.js';

/** The `context` of a log entry: any JSON value the services accept, at most 64 KB as UTF-8 JSON. */
export const MAX_CONTEXT_BYTES = 64 * 1024;

const utf8 = new TextEncoder();

export const jsonContextSchema = z.unknown().superRefine((value, ctx) => {
  if (value === undefined) return;
  const fault = jsonValueError(value);
  if (fault) {
    ctx.addIssue({ code: 'custom', message: fault === 'jsonTooDeep' ? 'contextTooDeep' : fault });
    return;
  }
  if (utf8.encode(JSON.stringify(value)).length > MAX_CONTEXT_BYTES) {
    ctx.addIssue({ code: 'custom', message: 'contextTooLarge' });
  }
});

import {
  isMessageKey,
  type LogEntry,
  logEntrySchema,
  MAX_CLOCK_SKEW_SECONDS,
  MAX_LOG_BATCH,
  type MessageKey,
} from '@pult/contract';
import type { z } from 'zod';
import { errors } from '../../../http/app-error.js';

/** An entry as stored: its time checked and parsed. */
export type ParsedEntry = Omit<LogEntry, 'created_at'> & { created_at: Date };

/**
 * Reads one entry (an object) or a batch (an array of up to 1,000). Every bad entry is reported under
 * its index (`3.level`; a single entry's fields under their own names), and one bad entry refuses
 * the whole batch, so a batch is stored whole or not at all.
 */
export function parseBatch(body: unknown, now: Date): ParsedEntry[] {
  const single = !Array.isArray(body);
  const raw: unknown[] = Array.isArray(body) ? body : [body];
  if (
    raw.length === 0 ||
    raw.length > MAX_LOG_BATCH ||
    (single && (typeof body !== 'object' || body === null))
  ) {
    throw errors.unprocessable('batchSize');
  }
  const problems: Record<string, MessageKey[]> = {};
  const report = (field: string, key: MessageKey) => {
    const list = problems[field] ?? [];
    if (!list.includes(key)) list.push(key);
    problems[field] = list;
  };
  const latest = now.getTime() + MAX_CLOCK_SKEW_SECONDS * 1000;
  const entries: ParsedEntry[] = [];
  raw.forEach((value, index) => {
    const name = (field: string) => (single ? field || 'entry' : field ? `${index}.${field}` : String(index));
    const parsed = logEntrySchema.safeParse(value);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) reportIssue(issue, name, report);
      return;
    }
    const createdAt = parsed.data.created_at ? new Date(parsed.data.created_at) : now;
    if (createdAt.getTime() > latest) {
      report(name('created_at'), 'createdAtFuture');
      return;
    }
    entries.push({ ...parsed.data, created_at: createdAt });
  });
  if (Object.keys(problems).length > 0) throw errors.fields(problems);
  return entries;
}

function reportIssue(
  issue: z.core.$ZodIssue,
  name: (field: string) => string,
  report: (field: string, key: MessageKey) => void,
) {
  const field = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    for (const key of issue.keys) report(name(field ? `${field}.${key}` : key), 'unknownField');
    return;
  }
  const key: MessageKey = isMessageKey(issue.message)
    ? issue.message
    : issue.code === 'invalid_type'
      ? 'invalidType'
      : 'invalidValue';
  report(name(field), key);
}

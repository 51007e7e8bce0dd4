import { isMessageKey, type MessageKey } from '@pult/contract';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { errors } from '../../http/app-error.js';
import type { ReportSource } from '../report-source.js';

/**
 * A saved report's parameters must be a query its report accepts, checked by that report's own
 * schema (so a new report's filters need nothing here); 422 keyed `query.<parameter>` otherwise. The
 * zone is not a saved report's: whoever opens it sees it in their own. Answers the parameters as the
 * report reads them (`country=007` is stored as `7`), only those the body gave (no defaults).
 */
export function checkSavedQuery(
  reports: readonly ReportSource[],
  report: string,
  query: Record<string, string>,
): Record<string, string> {
  const source = reports.find((candidate) => candidate.id === report);
  if (!source) throw errors.fields({ report: 'invalidValue' });
  const fields: Record<string, MessageKey> = {};
  if ('tz' in query) fields['query.tz'] = 'unknownField';
  const parsed = source.query.safeParse(query);
  if (!parsed.success) for (const issue of parsed.error.issues) Object.assign(fields, issueFields(issue));
  if (!parsed.success || Object.keys(fields).length > 0) throw errors.fields(fields);
  const read = parsed.data as Record<string, unknown>;
  return Object.fromEntries(Object.keys(query).map((key) => [key, String(read[key])]));
}

function issueFields(issue: z.core.$ZodIssue): Record<string, MessageKey> {
  if (issue.code === 'unrecognized_keys')
    return Object.fromEntries(issue.keys.map((key) => [`query.${key}`, 'unknownField' as const]));
  const path = ['query', ...issue.path.map(String)].join('.');
  return { [path]: isMessageKey(issue.message) ? issue.message : 'invalidValue' };
}

/**
 * The groups a saved report is shared with must exist and be the writer's to name: their own groups,
 * or any group when they may look groups up (list them, or edit administrators). A group they may not
 * name is refused as if it did not exist, so the check tells nobody which groups there are. The
 * groups are share-locked until the write commits, so none is renamed or deleted between the check
 * and the row that names it; a writer takes these locks before the saved report's row lock, in the
 * order a group's rename takes them (group, then the saved reports naming it).
 */
export async function checkGroupsExist(
  trx: Transaction<Database>,
  names: readonly string[],
  mayName: (name: string) => boolean,
): Promise<void> {
  if (names.length === 0) return;
  const { rows } = await sql<{ name: string }>`select name from admin_groups
    where name = any(${[...names]}::text[]) order by name for share`.execute(trx);
  const found = new Set(rows.map((row) => row.name));
  const fields: Record<string, MessageKey> = {};
  names.forEach((name, index) => {
    if (!found.has(name) || !mayName(name)) fields[`shared_with.${index}`] = 'savedReportGroupUnknown';
  });
  if (Object.keys(fields).length > 0) throw errors.fields(fields);
}

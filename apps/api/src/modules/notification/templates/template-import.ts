import { type MessageKey, templatesResource, templateWriteSchema } from '@pult/contract';
import type { Db, Executor } from '../../../db/database.js';
import type { ImportTarget, RowCheck, Values } from '../../../resources/import/import-target.js';
import { tableTarget } from '../../../resources/import/table-target.js';
import { isSystemTemplate } from './template-handlers.js';

/** The form's fields a template's import compares and writes. */
const FIELDS = [
  'name',
  'type',
  'subject',
  'content',
  'email_config_id',
  'sms_config_id',
  'push_config_id',
  'priority',
  'is_active',
  'sample_variables',
] as const;

/**
 * Templates from CSV: found by name (unique). The list shows no content, so a file that creates
 * templates names a `content` column by its field name; an update may leave it out and keep the
 * stored text. The rules of the form's server hold row by row: only the template's own channel keeps
 * a configuration, that configuration must exist, and the platform's own templates keep their shape.
 */
export function templateImportTarget(db: Db): ImportTarget {
  return tableTarget({
    db,
    descriptor: templatesResource,
    createSchema: templateWriteSchema,
    updateSchema: templateWriteSchema,
    rowCheck: templateCheck,
    table: 'notification_templates',
    stored: (row) => Object.fromEntries(FIELDS.map((field) => [field, row[field] ?? null])),
    newRow: columnsOf,
    changedColumns: (_changes, after) => columnsOf(after),
  });
}

/** As the handlers store a template: a channel's configuration only on its own type, SMS without subject. */
function columnsOf(values: Values): Record<string, unknown> {
  return {
    name: values.name,
    type: values.type,
    subject: values.type === 'sms' ? null : (values.subject ?? null),
    content: values.content,
    email_config_id: values.type === 'email' ? (values.email_config_id ?? null) : null,
    sms_config_id: values.type === 'sms' ? (values.sms_config_id ?? null) : null,
    push_config_id: values.type === 'push' ? (values.push_config_id ?? null) : null,
    priority: values.priority,
    is_active: values.is_active,
    sample_variables: JSON.stringify(values.sample_variables ?? {}),
  };
}

const CONFIGS = [
  ['email_config_id', 'smtp_configs', 'smtpConfigNotFound'],
  ['sms_config_id', 'sms_configs', 'smsConfigNotFound'],
  ['push_config_id', 'push_configs', 'pushConfigNotFound'],
] as const satisfies readonly (readonly [string, string, MessageKey])[];

async function templateCheck(executor: Executor): Promise<RowCheck> {
  const known = new Map<string, Set<number>>();
  for (const [field, table] of CONFIGS) {
    const rows = await executor.selectFrom(table).select('id').execute();
    known.set(field, new Set(rows.map((row) => Number(row.id))));
  }
  return (values) => {
    // The whole record is checked (an update's stored values merged with the file's).
    if (values.type === 'email' && !values.subject) return { field: 'subject', fault: 'required' };
    if (isSystemTemplate(String(values.name)) && (values.type !== 'email' || values.is_active !== true))
      return { field: '_row', fault: 'templateProtected' };
    for (const [field, , fault] of CONFIGS) {
      const id = values[field];
      if (typeof id === 'number' && !known.get(field)?.has(id)) return { field, fault };
    }
    return { values };
  };
}

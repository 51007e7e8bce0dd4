import type { Executor } from '../../db/database.js';
import type { ImportTarget, StoredRecord, Values } from './import-target.js';

/** Records an import's audit entry lists one by one; past them it counts (a file may hold 100,000). */
export const AUDITED_RECORDS_MAX = 1000;

interface AuditedChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One written record in an import's audit entry: its key, and the audited fields it changed. */
export interface AuditedRecord {
  key: Values;
  op: 'create' | 'update';
  /** The stored record's id (an update's; an insert answers keys only). */
  id?: number | string;
  changes: AuditedChange[];
}

/**
 * The target as a commit writes it, noting for the audit entry each record it creates, and each it
 * updates with a change to one of the `fields` (the target's `auditFields`), with those fields only.
 * A created record lists the fields its row sets (the others take the table's defaults); an updated
 * one, their stored values (as the import found them in its transaction) and new ones. Past the first
 * `AUDITED_RECORDS_MAX` records they are counted only. A write refused by a unique index is not
 * noted. One per request.
 */
export function auditedTarget(
  target: ImportTarget,
  fields: readonly string[],
): { target: ImportTarget; detail(): { records: AuditedRecord[]; truncated?: number } } {
  const records: AuditedRecord[] = [];
  let truncated = 0;
  const note = (record: AuditedRecord) => {
    if (records.length < AUDITED_RECORDS_MAX) records.push(record);
    else truncated += 1;
  };
  const keyOf = (values: Values): Values =>
    Object.fromEntries((target.descriptor.importKey ?? []).map((name) => [name, values[name]]));

  async function insert(executor: Executor, rows: readonly Values[], now: Date): Promise<Values[]> {
    const inserted = await target.insert(executor, rows, now);
    const done = new Set(inserted.map((key) => target.keyText(key)));
    for (const values of rows) {
      if (!done.has(target.keyText(keyOf(values)))) continue;
      const set = fields.filter((field) => values[field] !== undefined);
      note({
        key: keyOf(values),
        op: 'create',
        changes: set.map((field) => ({ field, before: null, after: values[field] })),
      });
    }
    return inserted;
  }

  async function update(executor: Executor, record: StoredRecord, changes: Values, now: Date) {
    await target.update(executor, record, changes, now);
    const changed = fields.filter((field) => field in changes);
    if (changed.length === 0) return;
    note({
      key: keyOf({ ...record.values, ...changes }),
      op: 'update',
      id: record.id,
      changes: changed.map((field) => ({
        field,
        before: record.values[field] ?? null,
        after: changes[field],
      })),
    });
  }

  return {
    target: { ...target, insert, update },
    detail: () => ({ records, ...(truncated > 0 ? { truncated } : {}) }),
  };
}

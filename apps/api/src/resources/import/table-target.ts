import { type RawBuilder, sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { ImportTarget, StoredRecord, Values } from './import-target.js';

/** A table an import writes directly: one row per record, its key under a unique index. */
export interface TableTargetOptions extends Omit<ImportTarget, 'keyText' | 'find' | 'insert' | 'update'> {
  table: string;
  /** The primary key column. */
  id?: string;
  /**
   * Key fields whose index folds case (`lower(email)`): matched and conflicted case-insensitively.
   */
  folded?: readonly string[];
  /** Columns of key fields whose column is named otherwise (`group` → `group_name`). */
  columns?: Readonly<Record<string, string>>;
  /** A stored row as the import compares it with a file's row (the fields its schemas write). */
  stored: (row: Record<string, unknown>) => Values;
  /** A new record's row: the validated values plus what the table needs (defaults, a hash). */
  newRow?: (values: Values) => Record<string, unknown>;
  /** The columns an update writes, from the changed values and the whole record as it will be. */
  changedColumns?: (changes: Values, after: Values) => Record<string, unknown>;
  /** What a changed record needs besides its row (a person locked by the file loses their sign-ins). */
  afterUpdate?: (executor: Executor, id: number | string, changes: Values) => Promise<void>;
  /** Rows that are not records any more (a bucket being deleted): never found, never updated. */
  live?: RawBuilder<unknown>;
  /** Timestamp columns the import sets (`created_at` on insert, `updated_at` on both). */
  timestamps?: { created?: string; updated?: string };
}

/**
 * An import target over one table, with batched SQL: one `select … where key in (…)` and one
 * multi-row `insert … on conflict do nothing returning key` per batch, one `update` per changed row.
 * The insert names no conflict target, so any unique index (the key's, or another one such as a
 * city's Ukrainian name) leaves the row out instead of failing the statement; the engine then sees
 * the key taken and treats the row as an existing record's.
 */
export function tableTarget(options: TableTargetOptions): ImportTarget {
  const { table, stored } = options;
  const id = options.id ?? 'id';
  const keys = options.descriptor.importKey ?? [];
  const folded = new Set(options.folded ?? []);
  const part = (field: string, value: unknown) =>
    folded.has(field) ? String(value ?? '').toLocaleLowerCase('en-US') : (value ?? null);
  const column = (field: string) => sql.ref(options.columns?.[field] ?? field);
  const keyColumn = (field: string) => (folded.has(field) ? sql`lower(${column(field)})` : column(field));
  const keyTuple = sql`(${sql.join(keys.map(keyColumn))})`;
  const stamps = options.timestamps ?? { created: 'created_at', updated: 'updated_at' };
  return {
    ...options,
    keyText: (key) => JSON.stringify(keys.map((field) => part(field, key[field]))),
    async find(executor: Executor, wanted: readonly Values[]): Promise<StoredRecord[]> {
      const tuples = wanted.map((key) => sql`(${sql.join(keys.map((field) => part(field, key[field])))})`);
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}
        where ${keyTuple} in (${sql.join(tuples)}) ${options.live ? sql`and ${options.live}` : sql``}`.execute(
        executor,
      );
      return rows.map((row) => ({ id: row[id] as number | string, values: stored(row) }));
    },
    async insert(executor: Executor, values: readonly Values[], now: Date): Promise<Values[]> {
      const rows = values.map((value) => ({
        ...(options.newRow ? options.newRow(value) : value),
        ...(stamps.created ? { [stamps.created]: now } : {}),
        ...(stamps.updated ? { [stamps.updated]: now } : {}),
      }));
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
      const tuples = rows.map(
        (row) =>
          sql`(${sql.join(columns.map((column) => (column in row ? cell(row[column]) : sql`default`)))})`,
      );
      const { rows: inserted } = await sql<Values>`insert into ${sql.table(table)}
        (${sql.join(columns.map((column) => sql.ref(column)))}) values ${sql.join(tuples)}
        on conflict do nothing
        returning ${sql.join(keys.map((field) => sql`${column(field)} as ${sql.ref(field)}`))}`.execute(
        executor,
      );
      return inserted;
    },
    async update(executor: Executor, record: StoredRecord, changes: Values, now: Date) {
      const after = { ...record.values, ...changes };
      const columns = {
        ...(options.changedColumns ? options.changedColumns(changes, after) : changes),
        ...(stamps.updated ? { [stamps.updated]: now } : {}),
      };
      const assignments = Object.entries(columns).map(
        ([column, value]) => sql`${sql.ref(column)} = ${cell(value)}`,
      );
      await sql`update ${sql.table(table)} set ${sql.join(assignments)}
        where ${sql.ref(id)} = ${record.id}`.execute(executor);
      await options.afterUpdate?.(executor, record.id, changes);
    },
  };
}

/** A value as a statement parameter: lists go as arrays (the driver's), other objects as JSON. */
function cell(value: unknown): unknown {
  if (Array.isArray(value)) return value;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

import type { Locale, MessageKey, ResourceDescriptor } from '@pult/contract';
import type { z } from 'zod';
import type { RequestAccess } from '../../access/access-control.js';
import type { Db, Executor } from '../../db/database.js';
import type { ReferenceIndex } from './import-cells.js';
import type { NamedField } from './import-columns.js';
import type { RowFault } from './import-report.js';

/** A row's values by field, as a form would send them (before or after its schema). */
export type Values = Record<string, unknown>;

/** A stored record an import row names: its id, and its values as the import compares them. */
export interface StoredRecord {
  id: number | string;
  values: Values;
}

export type RowCheck = (values: Values) => { values: Values } | { field: string; fault: MessageKey };

/** The request an import runs for: who imports, in which language, and whether it writes. */
export interface ImportContext {
  access: RequestAccess;
  locale: Locale;
  /** A commit (rows are written in its transaction) rather than a dry run. */
  write: boolean;
  /** The fields the file's columns carry: a session can skip what no row can change (and its locks). */
  columns: readonly string[];
}

/** One row's decided outcome, as a session judges it. */
export interface RowOutcome {
  /** The stored record the row updates; undefined for a new record. */
  record?: StoredRecord;
  /** The record as the row leaves it (a new one's values, or the stored values with the changes). */
  after: Values;
}

/**
 * What one import needs of a target beyond rows and tables: rules that depend on who imports (an
 * administrator's groups), and effects of the writes (an invitation for each new record). Opened
 * once per import, in its transaction; a hook that throws ends the request (a commit rolls back).
 */
export interface ImportSession {
  /** Faults of a row that its schema, row check and grants let through. */
  checkRow?(row: RowOutcome): { field: string; fault: RowFault }[];
  /** A commit inserted these records (their validated values), in its transaction. */
  afterInsert?(executor: Executor, created: readonly Values[], now: Date): Promise<void>;
  /** A commit's rows are all written and none rolls it back: a last rule over the whole table. */
  beforeCommit?(executor: Executor): Promise<void>;
  /** The commit's transaction has committed. */
  afterCommit?(): void;
}

/**
 * What the import engine needs of one resource: how to find, create and change its records. The
 * engine does the rest the same way for every list (reading the file, matching columns, validating
 * with the forms' schemas, comparing, access control, counting, the transaction and the audit entry).
 */
export interface ImportTarget {
  /** The database the import reads and writes (a commit is one transaction on it). */
  db: Db;
  /** The list's descriptor; its `importKey` names the fields that find a stored record. */
  descriptor: ResourceDescriptor;
  /** A new record's schema: the create form's, without what an import cannot carry (a password). */
  createSchema: z.ZodType;
  /** An existing record's schema: the update form's (the file's columns only are written). */
  updateSchema: z.ZodType;
  /** Write-only fields a column may not name (passwords): refused rather than silently dropped. */
  secrets?: readonly NamedField[];
  /** Reference fields whose cells name a record (a country by name): loaded once per import. */
  references?: Readonly<Record<string, (executor: Executor) => Promise<ReferenceIndex>>>;
  /**
   * A check of a whole row after its schema, against stored data loaded once per import (a city
   * must be in the row's country): the values to write (a city implies its country), or the faults.
   */
  rowCheck?: (executor: Executor) => Promise<RowCheck>;
  /** Rules and effects tied to the request (see `ImportSession`). */
  session?: (executor: Executor, context: ImportContext) => Promise<ImportSession>;
  /**
   * Fields whose changes a commit's audit entry lists record by record (an administrator's groups
   * and status): the other fields are only counted. Never a secret.
   */
  auditFields?: readonly string[];
  /** The key as text, for matching a row to a stored record (case-folded where the index folds case). */
  keyText(key: Values): string;
  /** The stored records these keys name. */
  find(executor: Executor, keys: readonly Values[]): Promise<StoredRecord[]>;
  /**
   * Inserts new records in one statement; a key taken meanwhile (another import) is left alone by
   * the unique index (`on conflict do nothing`). Answers the keys of the records it inserted.
   */
  insert(executor: Executor, rows: readonly Values[], now: Date): Promise<Values[]>;
  /** Writes the changed fields of one stored record (as `find` answered it in this transaction). */
  update(executor: Executor, record: StoredRecord, changes: Values, now: Date): Promise<void>;
}

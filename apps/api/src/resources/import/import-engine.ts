import {
  type FieldDescriptor,
  type ImportChange,
  type ImportCounts,
  type ImportQuery,
  isMessageKey,
  type Locale,
  type MessageKey,
} from '@pult/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import type { RequestAccess } from '../../access/access-control.js';
import type { Executor } from '../../db/database.js';
import { errors } from '../../http/app-error.js';
import type { CsvRecord } from './csv-parser.js';
import { guardRow, type RowGuard } from './import-access.js';
import { cellValue, fieldSchema, type ReferenceIndex } from './import-cells.js';
import { type ColumnPlan, planColumns } from './import-columns.js';
import { addFault, ImportReportBuilder, type RowFaults, WHOLE_ROW } from './import-report.js';
import type {
  ImportSession,
  ImportTarget,
  RowCheck,
  RowOutcome,
  StoredRecord,
  Values,
} from './import-target.js';

const UNIQUE_VIOLATION = '23505';

/** Rows per round trip: one lookup of stored records and one insert statement per batch. */
export const IMPORT_BATCH_SIZE = 500;

export interface ImportRunOptions {
  target: ImportTarget;
  query: ImportQuery;
  locale: Locale;
  /** Who imports (for the target's session). */
  access: RequestAccess;
  maxRows: number;
  /** The create grants, and the update grants when rows may update; undefined: every record. */
  guards: { create?: RowGuard; update?: RowGuard };
  now: () => Date;
  /** Keep every rejected row (for the CSV of rejected rows), not only the listed ones. */
  keepRejected: boolean;
}

/** A row read from the file, turned into a body, with what is already wrong with it. */
interface PreparedRow {
  line: number;
  cells: readonly string[];
  body: Values;
  key: Values;
  keyText: string;
  faults: RowFaults;
}

/** A column of the file that names a field, with what reading its cells needs, found once. */
interface CellColumn {
  index: number;
  field: string;
  descriptor: FieldDescriptor | undefined;
  schema: z.ZodType | undefined;
  /** An empty cell the field's schema refuses says nothing (see `prepare`). */
  emptyIsAbsent: boolean;
}

function cellColumnsOf(
  target: ImportTarget,
  plan: ColumnPlan,
  references: ReadonlyMap<string, ReferenceIndex>,
): CellColumn[] {
  const columns = plan.columns.map(({ index, field }) => {
    const schema = fieldSchema(target.createSchema, field) ?? fieldSchema(target.updateSchema, field);
    return {
      index,
      field,
      descriptor: target.descriptor.fields.find((candidate) => candidate.name === field),
      schema,
      emptyIsAbsent: schema !== undefined && !schema.safeParse('').success,
    };
  });
  return columns.sort((a, b) => Number(references.has(a.field)) - Number(references.has(b.field)));
}

/** A row that will be (or was) inserted. */
interface Creation {
  row: PreparedRow;
  values: Values;
}

/**
 * One import: reads the file's records as they arrive, a batch at a time, and decides each row —
 * create, update (with its changes), unchanged, skipped or rejected — with the forms' schemas and the
 * grants. When `write` is set the batch's decisions are written through `executor` (the caller's
 * transaction); otherwise nothing is written (a dry run). Memory holds one batch, the report's
 * listed rows and the file's keys (to find a key that repeats).
 */
export class ImportRun {
  /** The file's columns that name fields, references last (a city is found in the row's country). */
  private cellColumns: CellColumn[] = [];
  private header: readonly string[] = [];
  private report: ImportReportBuilder | undefined;
  private references = new Map<string, ReferenceIndex>();
  private rowCheck: RowCheck | undefined;
  private session: ImportSession | undefined;
  private readonly seen = new Map<string, number>();
  /** Rows read so far (the row limit counts them before they are decided). */
  private prepared = 0;
  /** The batch the database is working on. */
  private writing: Promise<void> = Promise.resolve();
  private readonly updateSchema: z.ZodType;
  /** The fields the update schema takes, when it is an object. */
  private readonly updatable: ReadonlySet<string> | undefined;

  constructor(
    private readonly executor: Executor,
    private readonly options: ImportRunOptions,
    private readonly write: boolean,
  ) {
    const update = options.target.updateSchema;
    // A file may carry some columns only: an update writes those and keeps the others.
    // zod refuses `.partial()` on an object with refinements (a template's "an e-mail needs a
    // subject"): the fields' own rules stay, and the target's row check judges the whole record.
    this.updateSchema = update instanceof z.ZodObject ? z.strictObject(update.shape).partial() : update;
    this.updatable = update instanceof z.ZodObject ? new Set(Object.keys(update.shape)) : undefined;
  }

  /**
   * Reads the whole file (the caller decides on the transaction). Batches overlap by one: the next
   * batch's cells are read and checked in JavaScript while the database writes the previous one, as a
   * commit's time goes mostly to the database's index work. The statements themselves stay in file
   * order, one batch's after the other's.
   */
  async run(records: AsyncIterable<CsvRecord[]>): Promise<void> {
    try {
      let batch: CsvRecord[] = [];
      for await (const chunk of records) {
        for (const record of chunk) {
          if (!this.report) {
            await this.start(record);
            continue;
          }
          batch.push(record);
          if (batch.length >= IMPORT_BATCH_SIZE) {
            await this.batch(batch);
            batch = [];
          }
        }
      }
      if (!this.report) throw errors.unprocessable('importEmpty');
      if (batch.length > 0) await this.batch(batch);
      await this.writing;
    } finally {
      // No statement of this run may reach the connection after the caller has ended its transaction.
      await this.writing.catch(() => undefined);
    }
  }

  /** What the run found: the report so far, the file's header, the language of its texts. */
  result(): {
    builder: ImportReportBuilder;
    header: readonly string[];
    locale: Locale;
    counts: ImportCounts;
  } {
    if (!this.report) throw errors.unprocessable('importEmpty');
    return {
      builder: this.report,
      header: this.header,
      locale: this.options.locale,
      counts: this.report.counts,
    };
  }

  private async start(header: CsvRecord): Promise<void> {
    const { target, query, locale, keepRejected } = this.options;
    this.header = header.cells.map((cell) => cell.trim());
    const plan = planColumns(
      {
        descriptor: target.descriptor,
        writable: new Set([...shapeKeys(target.createSchema), ...shapeKeys(target.updateSchema)]),
        secrets: target.secrets ?? [],
      },
      this.header,
    );
    for (const [field, load] of Object.entries(target.references ?? {})) {
      if (plan.columns.some((column) => column.field === field))
        this.references.set(field, await load(this.executor));
    }
    this.rowCheck = await target.rowCheck?.(this.executor);
    this.session = await target.session?.(this.executor, {
      access: this.options.access,
      locale,
      write: this.write,
      columns: plan.columns.map((column) => column.field),
    });
    this.cellColumns = cellColumnsOf(target, plan, this.references);
    this.report = new ImportReportBuilder(query.mode, plan, locale, keepRejected);
  }

  /** Prepares a batch's rows, then hands them to the database once the previous batch is written. */
  private async batch(records: readonly CsvRecord[]): Promise<void> {
    const report = this.report as ImportReportBuilder;
    this.prepared += records.length;
    if (this.prepared > this.options.maxRows)
      throw errors.unprocessable('importTooManyRows', { max: this.options.maxRows });
    const rows = records.map((record) => this.prepare(record));
    await this.writing;
    const settling = this.settle(rows, report);
    // Awaited by the next batch or at the end of the run; this handler only keeps Node from calling
    // the rejection unhandled in between.
    settling.catch(() => undefined);
    this.writing = settling;
  }

  /** Finds a batch's stored records, decides each row, and writes what a commit writes. */
  private async settle(rows: readonly PreparedRow[], report: ImportReportBuilder): Promise<void> {
    const stored = await this.stored(rows);
    const creations: Creation[] = [];
    const updates: { row: PreparedRow; record: StoredRecord; changes: Values }[] = [];
    for (const row of rows) {
      report.row();
      const decision = this.decide(row, stored.get(row.keyText));
      if (decision?.kind === 'create') creations.push({ row, values: decision.values });
      else if (decision?.kind === 'update')
        updates.push({ row, record: decision.record, changes: decision.changes });
    }
    if (this.write) await this.insert(creations);
    else for (const { row } of creations) report.add('created', row.line, row.key);
    for (const { row, record, changes } of updates) await this.applyUpdate(row, record, changes);
  }

  /** A record's cells as a body (what a form would send), its key, and the faults found so far. */
  private prepare(record: CsvRecord): PreparedRow {
    const { target } = this.options;
    const faults: RowFaults = {};
    const body: Values = {};
    for (let index = this.header.length; index < record.cells.length; index += 1) {
      if (record.cells[index]?.trim() !== '') {
        addFault(faults, WHOLE_ROW, { key: 'importExtraCells' });
        break;
      }
    }
    for (const column of this.cellColumns) {
      const cell = record.cells[column.index] ?? '';
      // An empty cell of a field that cannot be empty says nothing: an update keeps the stored value,
      // a create reports the field as required (or takes the table's default).
      if (column.emptyIsAbsent && cell.trim() === '') continue;
      const value = cellValue(
        column.descriptor,
        column.schema,
        cell,
        body,
        this.references.get(column.field),
      );
      if ('error' in value) addFault(faults, column.field, { key: value.error, params: value.params });
      else body[column.field] = value.value;
    }
    const key: Values = {};
    for (const name of target.descriptor.importKey ?? []) {
      const parsed = (fieldSchema(target.createSchema, name) ?? z.unknown()).safeParse(body[name]);
      if (parsed.success) key[name] = parsed.data;
      else addIssues(faults, parsed.error, name);
    }
    const keyText = target.keyText(key);
    const first = this.seen.get(keyText);
    if (Object.keys(faults).length === 0) {
      // The file names each record once: two rows for one key would race each other.
      if (first !== undefined)
        addFault(faults, WHOLE_ROW, { key: 'importDuplicateKey', params: { line: first } });
      else this.seen.set(keyText, record.line);
    }
    return { line: record.line, cells: record.cells, body, key, keyText, faults };
  }

  /** The stored records the batch's keys name, by key text. */
  private async stored(rows: readonly PreparedRow[]): Promise<Map<string, StoredRecord>> {
    const { target } = this.options;
    const keys = rows.filter((row) => Object.keys(row.faults).length === 0).map((row) => row.key);
    const found = keys.length === 0 ? [] : await target.find(this.executor, keys);
    return new Map(found.map((record) => [target.keyText(record.values), record]));
  }

  private decide(
    row: PreparedRow,
    record: StoredRecord | undefined,
  ):
    | { kind: 'create'; values: Values }
    | { kind: 'update'; record: StoredRecord; changes: Values }
    | undefined {
    const report = this.report as ImportReportBuilder;
    const { query, guards, target } = this.options;
    const reject = () => {
      report.reject(row.line, this.header, row.cells, row.faults);
      return undefined;
    };
    if (Object.keys(row.faults).length > 0) return reject();
    if (record === undefined) {
      const parsed = target.createSchema.safeParse(row.body);
      if (!parsed.success) {
        addIssues(row.faults, parsed.error);
        return reject();
      }
      const values = this.checked(parsed.data as Values, row.faults);
      if (values === undefined) return reject();
      if (guards.create) guardRow(guards.create, [values], filledFields(row.body), row.faults);
      if (Object.keys(row.faults).length === 0) this.checkSession({ after: values }, row.faults);
      if (Object.keys(row.faults).length > 0) return reject();
      return { kind: 'create', values };
    }
    if (query.onConflict === 'skip') {
      report.add('skipped', row.line, row.key);
      return undefined;
    }
    if (query.onConflict === 'fail') {
      addFault(row.faults, WHOLE_ROW, { key: 'importKeyExists' });
      return reject();
    }
    return this.decideUpdate(row, record);
  }

  private decideUpdate(row: PreparedRow, record: StoredRecord) {
    const report = this.report as ImportReportBuilder;
    // Key fields the update form does not take (a setting's key names it in the path) stay out.
    const body = Object.fromEntries(
      Object.entries(row.body).filter(([field]) => this.updatable === undefined || this.updatable.has(field)),
    );
    const parsed = this.updateSchema.safeParse(body);
    if (!parsed.success) {
      addIssues(row.faults, parsed.error);
      report.reject(row.line, this.header, row.cells, row.faults);
      return undefined;
    }
    const merged = this.checked({ ...record.values, ...(parsed.data as Values) }, row.faults);
    if (merged === undefined) {
      report.reject(row.line, this.header, row.cells, row.faults);
      return undefined;
    }
    const changes = changedValues(record.values, merged);
    // The key found the record; a spelling the index does not tell apart (an e-mail's case) is no change.
    for (const name of this.options.target.descriptor.importKey ?? []) delete changes[name];
    if (Object.keys(changes).length === 0) {
      report.add('unchanged', row.line, row.key);
      return undefined;
    }
    const { update } = this.options.guards;
    if (update) {
      const after = { ...record.values, ...changes };
      guardRow(update, [record.values, after], Object.keys(changes), row.faults);
    }
    if (Object.keys(row.faults).length === 0)
      this.checkSession({ record, after: { ...record.values, ...changes } }, row.faults);
    if (Object.keys(row.faults).length > 0) {
      report.reject(row.line, this.header, row.cells, row.faults);
      return undefined;
    }
    return { kind: 'update' as const, record, changes };
  }

  /** Writes (when committing) and reports one update; a value another record holds rejects the row. */
  private async applyUpdate(row: PreparedRow, record: StoredRecord, changes: Values): Promise<void> {
    const report = this.report as ImportReportBuilder;
    if (this.write && !(await this.writeUpdate(record, changes))) {
      addFault(row.faults, WHOLE_ROW, { key: 'importValueTaken' });
      report.reject(row.line, this.header, row.cells, row.faults);
      return;
    }
    report.add('updated', row.line, row.key, changeList(record.values, changes));
  }

  /**
   * One record's update under a savepoint: a unique index other than the key's (a city's Ukrainian
   * name in its country) may refuse the new value, and that must reject the row, not abort the
   * transaction. Answers whether it was written.
   */
  private async writeUpdate(record: StoredRecord, changes: Values): Promise<boolean> {
    await sql`savepoint import_row`.execute(this.executor);
    try {
      await this.options.target.update(this.executor, record, changes, this.options.now());
    } catch (error) {
      if ((error as { code?: unknown } | undefined)?.code !== UNIQUE_VIOLATION) throw error;
      await sql`rollback to savepoint import_row`.execute(this.executor);
      return false;
    }
    await sql`release savepoint import_row`.execute(this.executor);
    return true;
  }

  /** Ends a commit whose rows are all written: the session's last rule, in the transaction. */
  async finish(): Promise<void> {
    if (this.write) await this.session?.beforeCommit?.(this.executor);
  }

  /** Tells the session that the commit's transaction has committed. */
  committed(): void {
    this.session?.afterCommit?.();
  }

  /** The session's rules of a row that passed the others. */
  private checkSession(outcome: RowOutcome, faults: RowFaults): void {
    for (const { field, fault } of this.session?.checkRow?.(outcome) ?? []) addFault(faults, field, fault);
  }

  /** The target's whole-row check: the values to write, or undefined with the faults added. */
  private checked(values: Values, faults: RowFaults): Values | undefined {
    if (!this.rowCheck) return values;
    const outcome = this.rowCheck(values);
    if ('values' in outcome) return outcome.values;
    addFault(faults, outcome.field, { key: outcome.fault });
    return undefined;
  }

  /**
   * Inserts a batch's new records in one statement. A key another import created since the lookup
   * is not inserted (the unique index decides, `on conflict do nothing`); that row is then what the
   * file says to do with an existing record: skipped, rejected, or compared and updated.
   */
  private async insert(creations: readonly Creation[]): Promise<void> {
    if (creations.length === 0) return;
    const { target } = this.options;
    const report = this.report as ImportReportBuilder;
    const inserted = await target.insert(
      this.executor,
      creations.map((creation) => creation.values),
      this.options.now(),
    );
    const done = new Set(inserted.map((key) => target.keyText(key)));
    const created = creations.filter((creation) => done.has(creation.row.keyText));
    if (created.length > 0)
      await this.session?.afterInsert?.(
        this.executor,
        created.map((creation) => creation.values),
        this.options.now(),
      );
    const raced = creations.filter((creation) => !done.has(creation.row.keyText));
    for (const { row } of creations) if (done.has(row.keyText)) report.add('created', row.line, row.key);
    if (raced.length === 0) return;
    const stored = await this.stored(raced.map((creation) => creation.row));
    for (const { row } of raced) {
      const decision = this.decide(row, stored.get(row.keyText));
      if (decision?.kind === 'update') await this.applyUpdate(row, decision.record, decision.changes);
      else if (decision?.kind === 'create') {
        // Created and deleted again between the two statements: the row is left for another run.
        addFault(row.faults, WHOLE_ROW, { key: 'importKeyExists' });
        report.reject(row.line, this.header, row.cells, row.faults);
      }
    }
  }
}

/** The fields a new record's row sets (an empty cell sets nothing), as the create route counts them. */
function filledFields(body: Values): string[] {
  return Object.entries(body)
    .filter(([, value]) => value !== '' && value !== null && value !== undefined)
    .filter(([, value]) => !(Array.isArray(value) && value.length === 0))
    .map(([field]) => field);
}

function shapeKeys(schema: z.ZodType): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

/** Zod issues as faults by field, keyed by the contract's messages (the forms' texts). */
function addIssues(faults: RowFaults, error: z.ZodError, field?: string): void {
  for (const issue of error.issues) {
    const key: MessageKey = isMessageKey(issue.message)
      ? issue.message
      : issue.code === 'unrecognized_keys'
        ? 'unknownField'
        : issue.code === 'too_big'
          ? 'tooLong'
          : 'invalidValue';
    const path = field ?? (issue.path.length > 0 ? String(issue.path[0]) : WHOLE_ROW);
    addFault(faults, path, { key });
  }
}

/** The fields whose value the row would change; lists compare as sets, as the forms do. */
export function changedValues(before: Values, after: Values): Values {
  const changes: Values = {};
  for (const [field, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (canonical(value) !== canonical(before[field])) changes[field] = value;
  }
  return changes;
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return JSON.stringify(value.map((item) => JSON.stringify(item)).sort());
  return JSON.stringify(value ?? null);
}

function changeList(before: Values, changes: Values): ImportChange[] {
  return Object.entries(changes).map(([field, after]) => ({ field, before: before[field] ?? null, after }));
}

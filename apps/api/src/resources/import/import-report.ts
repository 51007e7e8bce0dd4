import {
  IMPORT_LISTED_ROWS,
  type ImportChange,
  type ImportCounts,
  type ImportMode,
  type ImportRejectedRow,
  type ImportReport,
  type Locale,
  type MessageKey,
  translateMessage,
} from '@pult/contract';
import type { ColumnPlan } from './import-columns.js';
import type { Values } from './import-target.js';

/** Why a row is refused, by field (`_row` for the row as a whole), before it is put in words. */
export interface RowFault {
  key: MessageKey;
  params?: Record<string, string | number>;
}
export type RowFaults = Record<string, RowFault[]>;

/** The field name of a fault about the whole row (a key repeated, a record out of scope). */
export const WHOLE_ROW = '_row';

export function addFault(faults: RowFaults, field: string, fault: RowFault): void {
  const list = faults[field] ?? [];
  list.push(fault);
  faults[field] = list;
}

/** A rejected row in full, kept for the CSV of rejected rows (the report lists only the first ones). */
export interface RejectedLine {
  line: number;
  cells: readonly string[];
  reasons: string;
}

type Listed = 'created' | 'updated' | 'unchanged' | 'skipped';
const COUNTED: Record<Listed, keyof ImportCounts> = {
  created: 'create',
  updated: 'update',
  unchanged: 'unchanged',
  skipped: 'skipped',
};

/**
 * The answer of an import, built row by row: every count whole, but only the first
 * `IMPORT_LISTED_ROWS` rows of each kind listed, so a file of 100,000 rows answers in a few
 * kilobytes. With `keepRejected`, every rejected row is kept too (for the CSV download; the
 * byte limit on the file bounds them).
 */
export class ImportReportBuilder {
  private readonly report: ImportReport;
  readonly rejectedLines: RejectedLine[] = [];

  constructor(
    mode: ImportMode,
    plan: ColumnPlan,
    private readonly locale: Locale,
    private readonly keepRejected: boolean,
  ) {
    this.report = {
      mode,
      committed: false,
      columns: {
        matched: plan.columns.map((column) => ({ column: column.header, field: column.field })),
        unknown: plan.unknown,
        ignored: plan.ignored,
      },
      counts: { rows: 0, create: 0, update: 0, unchanged: 0, skipped: 0, rejected: 0 },
      created: [],
      updated: [],
      unchanged: [],
      skipped: [],
      rejected: [],
    };
  }

  get counts(): ImportCounts {
    return this.report.counts;
  }

  row(): void {
    this.report.counts.rows += 1;
  }

  add(kind: Listed, line: number, key: Values, changes?: ImportChange[]): void {
    this.report.counts[COUNTED[kind]] += 1;
    const list = this.report[kind];
    if (list.length < IMPORT_LISTED_ROWS) list.push({ line, key, ...(changes ? { changes } : {}) });
  }

  reject(line: number, header: readonly string[], cells: readonly string[], faults: RowFaults): void {
    this.report.counts.rejected += 1;
    const errors = Object.fromEntries(
      Object.entries(faults).map(([field, list]) => [
        field,
        [...new Set(list.map((fault) => translateMessage(fault.key, this.locale, fault.params)))],
      ]),
    );
    if (this.report.rejected.length < IMPORT_LISTED_ROWS) {
      const byColumn: ImportRejectedRow['cells'] = {};
      header.forEach((column, index) => {
        byColumn[column] = cells[index] ?? '';
      });
      this.report.rejected.push({ line, cells: byColumn, errors });
    }
    if (this.keepRejected) {
      const reasons = Object.entries(errors)
        .map(([field, texts]) => (field === WHOLE_ROW ? texts.join('; ') : `${field}: ${texts.join('; ')}`))
        .join('; ');
      this.rejectedLines.push({ line, cells, reasons });
    }
  }

  finish(committed: boolean): ImportReport {
    return { ...this.report, committed };
  }
}

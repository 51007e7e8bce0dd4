import { type Locale, translateMessage } from '@pult/contract';
import { csvLine, UTF8_BOM } from '../export/csv.js';
import type { RejectedLine } from './import-report.js';

/**
 * The rejected rows of an import as a CSV file the administrator can fix and import again: the
 * file's own columns as they were, after the line it came from and before the reasons. Written
 * with the export's writer, so a cell a spreadsheet would evaluate is neutralised here too.
 */
export function rejectedCsv(
  header: readonly string[],
  rows: readonly RejectedLine[],
  locale: Locale,
): string {
  let text =
    UTF8_BOM +
    csvLine([
      translateMessage('importLineColumn', locale),
      ...header,
      translateMessage('importErrorsColumn', locale),
    ]);
  for (const row of rows) {
    const cells = header.map((_, index) => row.cells[index] ?? '');
    text += csvLine([String(row.line), ...cells, row.reasons]);
  }
  return text;
}

import { csvCell } from '@pult/contract';

/** Excel reads a UTF-8 file as the system's code page unless it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** Lines end with CRLF, as RFC 4180 says and as spreadsheets expect. */
export const CSV_LINE_END = '\r\n';

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}

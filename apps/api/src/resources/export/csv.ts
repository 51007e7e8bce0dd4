/** Excel reads a UTF-8 file as the system's code page unless it starts with a byte order mark. */
export const UTF8_BOM = '\uFEFF';

/** Lines end with CRLF, as RFC 4180 says and as spreadsheets expect. */
export const CSV_LINE_END = '\r\n';

/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, that some of them
 * strip before looking for one). Such a cell is prefixed with an apostrophe so it stays text
 * (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return cells.map(csvCell).join(',') + CSV_LINE_END;
}

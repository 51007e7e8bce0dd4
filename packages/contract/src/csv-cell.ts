/**
 * Characters that make a spreadsheet read a cell as a formula (or, for tab and CR, that some of them
 * strip before looking for one). Such a cell is prefixed with an apostrophe so it stays text
 * (OWASP "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell of a CSV file that a spreadsheet may open: a formula stays text, and the cell is
 * quoted when it holds a separator, a quote or a line break. Every CSV the product writes (the API's
 * exports, the panel's report tables) goes through it.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

import { csvCell } from '../csv-cell.js';
import type { ReportSection } from './result.js';

/**
 * Names (an administrator's, a template's) are text an administrator chose: `csvCell` keeps formulas
 * out. A measure with nothing to measure is an empty cell, not a 0.
 */
function cell(value: string | number | null): string {
  if (value === null) return '';
  return typeof value === 'number' ? String(value) : csvCell(value);
}

/**
 * One table of a report as CSV, as the panel's table shows it: a row per bucket (its first day), a
 * column per series, and the totals in the last row. The panel's download and the mailed report's
 * attachment are both made by it.
 */
export function sectionCsv(
  section: ReportSection,
  buckets: readonly string[],
  headers: { bucket: string; total: string },
  label: (key: string, name: string | null) => string,
): string {
  const lines: (string | number | null)[][] = [
    [headers.bucket, ...section.series.map((series) => label(series.key, series.label))],
  ];
  buckets.forEach((bucket, index) => {
    lines.push([bucket, ...section.series.map((series) => series.values[index] ?? null)]);
  });
  lines.push([headers.total, ...section.series.map((series) => series.total)]);
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

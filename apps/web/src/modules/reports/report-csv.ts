import { csvCell, type ReportSection } from '@pult/contract';

/** Names (an administrator's, a template's) are text an administrator chose: `csvCell` keeps formulas out. */
function cell(value: string | number): string {
  return typeof value === 'number' ? String(value) : csvCell(value);
}

/**
 * One table of a report as CSV, as the screen's table shows it: a row per bucket (its first day), a
 * column per series, and the totals in the last row.
 */
export function sectionCsv(
  section: ReportSection,
  buckets: readonly string[],
  headers: { bucket: string; total: string },
  label: (key: string, name: string | null) => string,
): string {
  const lines: (string | number)[][] = [
    [headers.bucket, ...section.series.map((series) => label(series.key, series.label))],
  ];
  buckets.forEach((bucket, index) => {
    lines.push([bucket, ...section.series.map((series) => series.values[index] ?? 0)]);
  });
  lines.push([headers.total, ...section.series.map((series) => series.total)]);
  return `${lines.map((line) => line.map(cell).join(',')).join('\r\n')}\r\n`;
}

/** Offers the text as a file download (no server round trip: the table is on the screen). */
export function downloadText(fileName: string, text: string): void {
  // A byte-order mark, so spreadsheet programs read the Cyrillic names as UTF-8.
  const blob = new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The last row's label: "Total" under sums, "For the period" under a figure of the whole period. */
export function totalLabelKey(section: Pick<ReportSection, 'totals'>): 'reports.total' | 'reports.forPeriod' {
  return section.totals === 'period' ? 'reports.forPeriod' : 'reports.total';
}

import type { ReportSection } from '@pult/contract';

/** A cell as CSV wants it: quoted when it holds a separator, a quote or a line break. */
function cell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * One table of a report as CSV: a row per series (its name, a figure per bucket, the total), with the
 * buckets' first days as the header, exactly as the screen's table shows it.
 */
export function sectionCsv(
  section: ReportSection,
  buckets: readonly string[],
  headers: { series: string; total: string },
  label: (key: string, name: string | null) => string,
): string {
  const lines = [[headers.series, ...buckets, headers.total]];
  for (const series of section.series)
    lines.push([label(series.key, series.label), ...series.values.map(String), String(series.total)]);
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

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

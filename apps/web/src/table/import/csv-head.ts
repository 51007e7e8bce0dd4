import { type CsvDelimiter, detectDelimiter } from '@pult/contract';

/**
 * The head of a CSV file as the import wizard needs it before anything is sent: its header and first
 * rows (to map columns and show samples), its separator, and where the header ends (so a remapped
 * header can replace it without reading the rest). The server reads the same dialect: `,` or `;`,
 * double-quoted cells with `""` for a quote, CRLF or LF, an optional UTF-8 BOM.
 */
export interface CsvHead {
  separator: CsvDelimiter;
  /** The header's cells, as written (trimmed by nobody: the server trims when it matches). */
  header: string[];
  /** Up to `sampleRows` complete data rows after the header. */
  rows: string[][];
  /** Characters of the text up to and including the header's line break (the BOM included). */
  headerLength: number;
  bom: boolean;
}

const BOM = '\uFEFF';

/**
 * The start of a file as text, the BOM kept (`Blob.text()` drops it, and then the header's length in
 * bytes would be three short). Null when the bytes are not UTF-8; a character cut by the end of the
 * slice is left out.
 */
export function decodeHead(bytes: ArrayBuffer): string | null {
  try {
    return new TextDecoder('utf-8', { ignoreBOM: true, fatal: true }).decode(bytes, { stream: true });
  } catch {
    return null;
  }
}

/**
 * Reads the header and the first complete rows of `text`, the start of a file; `whole` says whether
 * it is the whole file. A header the text cuts short is no header (null), as is a blank one.
 */
export function readCsvHead(text: string, whole = true, sampleRows = 3): CsvHead | null {
  const bom = text.startsWith(BOM);
  const start = bom ? 1 : 0;
  const separator = detectDelimiter(text.slice(start));
  const header = readRecord(text, start, separator);
  if (!header || header.cells.every((cell) => cell.trim() === '')) return null;
  if (!header.complete && !whole) return null;
  const rows: string[][] = [];
  let at = header.end;
  while (rows.length < sampleRows && at < text.length) {
    const record = readRecord(text, at, separator);
    // A record cut off by the end of the slice read is not shown half.
    if (!record?.complete) break;
    if (!(record.cells.length === 1 && record.cells[0] === '')) rows.push(record.cells);
    at = record.end;
  }
  return { separator, header: header.cells, rows, headerLength: header.end, bom };
}

interface CsvRecord {
  cells: string[];
  /** The index just past the record's line break. */
  end: number;
  /** False when the text ended before the record's line break. */
  complete: boolean;
}

function readRecord(text: string, start: number, separator: string): CsvRecord | null {
  if (start >= text.length) return null;
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = start;
  while (i < text.length) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      i += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      cells.push(cell);
      const end = char === '\r' && text[i + 1] === '\n' ? i + 2 : i + 1;
      return { cells, end, complete: true };
    } else cell += char;
    i += 1;
  }
  cells.push(cell);
  return { cells, end: text.length, complete: false };
}

/** One header cell written back: quoted when it holds the separator, a quote or a line break. */
export function csvCell(value: string, separator: string): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

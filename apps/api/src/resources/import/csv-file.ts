import { TextDecoder } from 'node:util';
import { detectDelimiter } from '@pult/contract';
import { CsvFileError, CsvParser, type CsvRecord } from './csv-parser.js';

/** The body went past the byte limit: the request is refused (413) without reading the rest. */
export class CsvTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`CSV file larger than ${maxBytes} bytes`);
    this.name = 'CsvTooLargeError';
  }
}

/**
 * The records of an uploaded CSV file, a chunk's worth at a time, as the bytes arrive: the body is
 * never held whole, so memory stays at one chunk and one record. UTF-8 is decoded strictly (a byte
 * order mark is dropped; any other invalid sequence is an error naming the line, since a Windows
 * code page read as UTF-8 would store mangled names), and the delimiter is taken from the header.
 */
export async function* readCsvRecords(
  body: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): AsyncGenerator<CsvRecord[]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let parser: CsvParser | undefined;
  let head = '';
  let bytes = 0;
  for await (const piece of body) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new CsvTooLargeError(maxBytes);
    const text = decode(decoder, chunk, parser?.currentLine ?? 1 + countLines(head));
    if (!parser) {
      // The header decides the delimiter: wait for its line end (or the end of the file).
      head += text;
      if (!/[\r\n]/.test(head)) continue;
      parser = new CsvParser(detectDelimiter(head));
      yield parser.push(head);
      head = '';
      continue;
    }
    yield parser.push(text);
  }
  const rest = decode(decoder, new Uint8Array(0), parser?.currentLine ?? 1, true);
  parser ??= new CsvParser(detectDelimiter(head));
  const records = parser.push(head + rest);
  yield [...records, ...parser.end()];
}

/**
 * The whole body as text, for formats read whole (XLIFF, PO, JSON): the same byte limit as a CSV
 * file and the same strict UTF-8, a bad byte named by its line; a byte order mark is dropped.
 */
export async function readFileText(
  body: AsyncIterable<Uint8Array | string>,
  maxBytes: number,
): Promise<string> {
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const piece of body) {
    const chunk = typeof piece === 'string' ? Buffer.from(piece) : piece;
    bytes += chunk.byteLength;
    if (bytes > maxBytes) throw new CsvTooLargeError(maxBytes);
    chunks.push(chunk);
  }
  const text = decode(new TextDecoder('utf-8', { fatal: true }), Buffer.concat(chunks), 1, true);
  return text.replace(/^\uFEFF/, '');
}

function decode(decoder: TextDecoder, chunk: Uint8Array, line: number, last = false): string {
  try {
    return decoder.decode(chunk, { stream: !last });
  } catch {
    throw new CsvFileError('importBadEncoding', line + linesBeforeInvalid(chunk));
  }
}

/** Line breaks in the valid start of a chunk that failed to decode: where the bad byte is. */
function linesBeforeInvalid(chunk: Uint8Array): number {
  let low = 0;
  let high = chunk.byteLength;
  // The longest prefix that decodes (a character cut at its end is allowed: `stream`).
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(chunk.subarray(0, middle), { stream: true });
      low = middle;
    } catch {
      high = middle - 1;
    }
  }
  let lines = 0;
  for (let index = 0; index < low; index += 1) if (chunk[index] === 0x0a) lines += 1;
  return lines;
}

function countLines(text: string): number {
  return text.split('\n').length - 1;
}

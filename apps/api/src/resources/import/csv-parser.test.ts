import { detectDelimiter } from '@pult/contract';
import { describe, expect, it } from 'vitest';
import { CsvTooLargeError, readCsvRecords } from './csv-file.js';
import { CsvFileError, CsvParser, type CsvRecord } from './csv-parser.js';

async function* chunks(parts: readonly (string | Uint8Array)[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield typeof part === 'string' ? Buffer.from(part) : part;
}

async function read(parts: readonly (string | Uint8Array)[], maxBytes = 1_000_000): Promise<CsvRecord[]> {
  const records: CsvRecord[] = [];
  for await (const batch of readCsvRecords(chunks(parts), maxBytes)) records.push(...batch);
  return records;
}

async function fault(parts: readonly (string | Uint8Array)[]): Promise<{ fault: string; line: number }> {
  try {
    await read(parts);
  } catch (error) {
    if (error instanceof CsvFileError) return { fault: error.fault, line: error.line };
    throw error;
  }
  throw new Error('no fault');
}

describe('CSV parser (RFC 4180)', () => {
  it('reads quoted delimiters, doubled quotes and line breaks inside quotes, CRLF or LF', async () => {
    const records = await read(['a,b,c\r\n"x, y","say ""hi""","two\r\nlines"\r\n', 'plain,,last\nend,,\n']);
    expect(records).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\r\nlines'] },
      { line: 4, cells: ['plain', '', 'last'] },
      { line: 5, cells: ['end', '', ''] },
    ]);
  });

  it('reads a record split across chunks anywhere, even inside a quote or a CRLF', async () => {
    const text = 'name;note\r\n"Ann";"a;b""c"\r\nBob;x\r\n';
    const whole = await read([text]);
    for (let cut = 1; cut < text.length; cut += 1) {
      expect(await read([text.slice(0, cut), text.slice(cut)])).toEqual(whole);
    }
    expect(whole[1]?.cells).toEqual(['Ann', 'a;b"c']);
  });

  it('reads old Mac line ends (CR alone) beside CRLF and LF, in any chunks', async () => {
    const text = 'x\ry\n1\r2\r\n"a\rb",c\r';
    const expected = [
      { line: 1, cells: ['x'] },
      { line: 2, cells: ['y'] },
      { line: 3, cells: ['1'] },
      { line: 4, cells: ['2'] },
      { line: 5, cells: ['a\rb', 'c'] },
    ];
    for (let cut = 0; cut <= text.length; cut += 1)
      expect(await read([text.slice(0, cut), text.slice(cut)])).toEqual(expected);
  });

  it('drops a byte order mark, keeps a last line without a line break, skips blank lines', async () => {
    expect(await read(['\uFEFFid,name\n\n1,Ann'])).toEqual([
      { line: 1, cells: ['id', 'name'] },
      { line: 3, cells: ['1', 'Ann'] },
    ]);
  });

  it('detects the delimiter from the header, outside quotes', () => {
    expect(detectDelimiter('a;b;c\n1,5;2')).toBe(';');
    expect(detectDelimiter('"a;b",c\n')).toBe(',');
    expect(detectDelimiter('single\n')).toBe(',');
  });

  it('names the line of broken quoting, binary bytes and invalid UTF-8', async () => {
    expect(await fault(['a,b\n1,"open\n2,3\n'])).toEqual({ fault: 'importBrokenQuote', line: 2 });
    expect(await fault(['a,b\n1,2\nx"y,3\n'])).toEqual({ fault: 'importBrokenQuote', line: 3 });
    expect(await fault(['a,b\n"q"x,3\n'])).toEqual({ fault: 'importBrokenQuote', line: 2 });
    expect(await fault(['a,b\n1,2\n3,\u0000\n'])).toEqual({ fault: 'importBinary', line: 3 });
    const latin1 = Buffer.from('a,b\n1,2\ncaf\xe9,3\n', 'latin1');
    expect(await fault([latin1])).toEqual({ fault: 'importBadEncoding', line: 3 });
    expect(await fault(['a,b\n1,2\n', Buffer.from([0x34, 0xff, 0x0a])])).toEqual({
      fault: 'importBadEncoding',
      line: 3,
    });
  });

  it('stops reading past the byte limit', async () => {
    await expect(read(['a,b\n', '1,2\n', '3,4\n'], 9)).rejects.toBeInstanceOf(CsvTooLargeError);
  });

  it('keeps a UTF-8 character split between chunks', async () => {
    const bytes = Buffer.from('назва\nКиїв\n');
    const records = await read([bytes.subarray(0, 3), bytes.subarray(3)]);
    expect(records.map((record) => record.cells[0])).toEqual(['назва', 'Київ']);
  });

  it('parses synchronously chunk by chunk', () => {
    const parser = new CsvParser(',');
    expect(parser.push('a,"b')).toEqual([]);
    expect(parser.push('"\n1,2')).toEqual([{ line: 1, cells: ['a', 'b'] }]);
    expect(parser.end()).toEqual([{ line: 2, cells: ['1', '2'] }]);
  });
});

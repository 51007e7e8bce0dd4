import { describe, expect, it } from 'vitest';
import { csvCell, decodeHead, readCsvHead } from './csv-head';

describe('readCsvHead', () => {
  it('reads the header, sample rows and where the header ends', () => {
    const text = 'email,first_name\r\nann@example.com,Ann\r\nbob@example.com,Bob\r\n';
    expect(readCsvHead(text)).toEqual({
      separator: ',',
      header: ['email', 'first_name'],
      rows: [
        ['ann@example.com', 'Ann'],
        ['bob@example.com', 'Bob'],
      ],
      headerLength: 'email,first_name\r\n'.length,
      bom: false,
    });
  });

  it('takes `;` when the header has more semicolons than commas, and counts the BOM in the header', () => {
    const head = readCsvHead("\uFEFFПошта;Ім'я, по батькові;Місто\nann@example.com;Анна;Київ\n");
    expect(head?.separator).toBe(';');
    expect(head?.bom).toBe(true);
    expect(head?.header).toEqual(['Пошта', "Ім'я, по батькові", 'Місто']);
    expect(head?.headerLength).toBe("\uFEFFПошта;Ім'я, по батькові;Місто\n".length);
  });

  it('reads quoted cells with separators, quotes and line breaks', () => {
    const head = readCsvHead('"a,b","say ""hi"""\n"line\nbreak",x\n');
    expect(head?.header).toEqual(['a,b', 'say "hi"']);
    expect(head?.rows).toEqual([['line\nbreak', 'x']]);
  });

  it('leaves out a row the slice read cut short, and blank lines', () => {
    expect(readCsvHead('a,b\n\n1,2\n3,')?.rows).toEqual([['1', '2']]);
  });

  it('answers null for a header the slice read cuts short, unless it is the whole file', () => {
    expect(readCsvHead('email,first_na', false)).toBeNull();
    expect(readCsvHead('email,first_na', true)?.header).toEqual(['email', 'first_na']);
  });

  it('answers null for an empty file or a blank header', () => {
    expect(readCsvHead('')).toBeNull();
    expect(readCsvHead(',,\n1,2,3\n')).toBeNull();
  });
});

describe('csvCell', () => {
  it('quotes a cell holding the separator, a quote or a line break', () => {
    expect(csvCell('email', ',')).toBe('email');
    expect(csvCell('a,b', ',')).toBe('"a,b"');
    expect(csvCell('a,b', ';')).toBe('a,b');
    expect(csvCell('say "hi"', ';')).toBe('"say ""hi"""');
  });
});

describe('decodeHead', () => {
  it('keeps the BOM, leaves out a character the slice cuts, and refuses bytes that are not UTF-8', () => {
    const bytes = new TextEncoder().encode('\uFEFFЇжак');
    expect(decodeHead(bytes.slice(0, bytes.length - 1).buffer)).toBe('\uFEFFЇжа');
    expect(decodeHead(new Uint8Array([0x61, 0xff, 0x62]).buffer)).toBeNull();
  });
});

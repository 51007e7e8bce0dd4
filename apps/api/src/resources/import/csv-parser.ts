import type { CsvDelimiter } from '@pult/contract';
/** One record of a CSV file: its cells and the line it starts on (1 = the header). */
export interface CsvRecord {
  line: number;
  cells: string[];
}

export type CsvFault = 'importBrokenQuote' | 'importBadEncoding' | 'importBinary';

/** A file that is not CSV text: the line where reading stopped, and why. */
export class CsvFileError extends Error {
  constructor(
    readonly fault: CsvFault,
    readonly line: number,
  ) {
    super(`${fault} at line ${line}`);
    this.name = 'CsvFileError';
  }
}

type State = 'start' | 'plain' | 'quoted' | 'closed';

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const NUL = 0x00;

/**
 * An RFC 4180 reader fed text a chunk at a time, so a file of any length is read in the memory of
 * one record: `push` answers the records the chunk completed, `end` the last one. Quoted cells may
 * hold the delimiter, quotes (doubled) and line breaks; lines end with CRLF or LF. What a
 * spreadsheet would silently guess at — a quote in the middle of a plain cell, text after a closing
 * quote, a quote never closed — is an error naming the line, because guessing would import shifted
 * columns. A NUL character means the file is binary.
 */
export class CsvParser {
  private state: State = 'start';
  private cell = '';
  private cells: string[] = [];
  private line = 1;
  private recordLine = 1;
  private cellLine = 1;
  private pendingCr = false;

  private readonly delimiterCode: number;

  constructor(private readonly delimiter: CsvDelimiter) {
    this.delimiterCode = delimiter.charCodeAt(0);
  }

  /** The line the reader has reached, for an error found outside the text (its encoding). */
  get currentLine(): number {
    return this.line;
  }

  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    // A cell's ordinary characters are taken as one slice per run: a cell grown a character at a
    // time is a chain of string pieces, which made reading the file most of an import's garbage.
    let run = -1;
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      const ordinary = this.isOrdinary(code);
      if (run >= 0) {
        if (ordinary) continue;
        this.cell += text.slice(run, index);
        run = -1;
      }
      if (ordinary && this.state !== 'closed') {
        // A first ordinary character starts a plain cell.
        if (this.state === 'start') this.state = 'plain';
        this.pendingCr = false;
        run = index;
        continue;
      }
      const char = text[index] as string;
      if (char === '\0') throw new CsvFileError('importBinary', this.line);
      if (this.pendingCr) {
        this.pendingCr = false;
        // CRLF is one line end, already counted at the CR (kept whole inside a quoted cell).
        if (char === '\n') {
          if (this.state === 'quoted') this.cell += char;
          continue;
        }
      }
      const record = this.take(char);
      if (record) records.push(record);
    }
    if (run >= 0) this.cell += text.slice(run);
    return records;
  }

  /** A character that is part of a cell whatever the state: none of the delimiter, `"`, CR, LF, NUL. */
  private isOrdinary(code: number): boolean {
    return code !== this.delimiterCode && code !== QUOTE && code !== CR && code !== LF && code !== NUL;
  }

  /** The last record when the file does not end with a line break; a quote left open is an error. */
  end(): CsvRecord[] {
    if (this.state === 'quoted') throw new CsvFileError('importBrokenQuote', this.cellLine);
    if (this.state === 'start' && this.cells.length === 0) return [];
    return [this.finishRecord()];
  }

  private take(char: string): CsvRecord | undefined {
    switch (this.state) {
      case 'quoted':
        if (char === '"') this.state = 'closed';
        else {
          this.cell += char;
          this.countLine(char);
        }
        return undefined;
      case 'closed':
        if (char === '"') {
          // A doubled quote inside a quoted cell.
          this.cell += '"';
          this.state = 'quoted';
          return undefined;
        }
        if (char !== this.delimiter && char !== '\r' && char !== '\n')
          throw new CsvFileError('importBrokenQuote', this.line);
        return this.separator(char);
      case 'start':
        if (char === '"') {
          this.state = 'quoted';
          this.cellLine = this.line;
          return undefined;
        }
        this.state = 'plain';
        return this.plain(char);
      default:
        return this.plain(char);
    }
  }

  private plain(char: string): CsvRecord | undefined {
    if (char === this.delimiter || char === '\r' || char === '\n') return this.separator(char);
    if (char === '"') throw new CsvFileError('importBrokenQuote', this.line);
    this.cell += char;
    return undefined;
  }

  /** A delimiter ends a cell; a line break ends the record. */
  private separator(char: string): CsvRecord | undefined {
    this.cells.push(this.cell);
    this.cell = '';
    this.state = 'start';
    if (char === this.delimiter) return undefined;
    const record: CsvRecord = { line: this.recordLine, cells: this.cells };
    this.cells = [];
    this.countLine(char);
    this.recordLine = this.line;
    // A blank line is no record (a trailing line break, a spreadsheet's empty last row).
    return record.cells.length === 1 && record.cells[0] === '' ? undefined : record;
  }

  private finishRecord(): CsvRecord {
    this.cells.push(this.cell);
    const record = { line: this.recordLine, cells: this.cells };
    this.cells = [];
    this.cell = '';
    this.state = 'start';
    return record;
  }

  private countLine(char: string): void {
    if (char === '\n') this.line += 1;
    else if (char === '\r') {
      this.line += 1;
      this.pendingCr = true;
    }
  }
}

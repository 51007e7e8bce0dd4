import { describe, expect, it } from 'vitest';
import { formatOfFile } from './exchange-api';

describe('formatOfFile', () => {
  it('reads the format from the extension, whatever its case', () => {
    expect(formatOfFile('translations-en-US.xlf')).toBe('xliff');
    expect(formatOfFile('From Crowdin.XLIFF')).toBe('xliff');
    expect(formatOfFile('en.po')).toBe('po');
    expect(formatOfFile('en.json')).toBe('json');
    expect(formatOfFile('en.csv')).toBeNull();
    expect(formatOfFile('po')).toBeNull();
  });
});

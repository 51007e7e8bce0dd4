import { describe, expect, it } from 'vitest';
import { formatOfFile, localeInName } from './exchange-api';

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

describe('localeInName', () => {
  it('reads a language at the end of the name, as exports and translators name files', () => {
    expect(localeInName('translations-en-US.json')).toBe('en-US');
    expect(localeInName('en.json')).toBe('en-US');
    expect(localeInName('shop_uk_UA.po')).toBe('uk-UA');
    expect(localeInName('uk.json')).toBe('uk-UA');
    expect(localeInName('translations.json')).toBeNull();
    expect(localeInName('french.json')).toBeNull();
  });
});

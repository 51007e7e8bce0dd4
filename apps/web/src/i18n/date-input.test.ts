import { describe, expect, it } from 'vitest';
import { inputToIso, isoToInput } from './date-input';

describe('isoToInput', () => {
  it("writes an ISO date in the language's order", () => {
    expect(isoToInput('2026-11-23', 'uk-UA')).toBe('23.11.2026');
    expect(isoToInput('2026-11-23', 'en-US')).toBe('11/23/2026');
    expect(isoToInput('2026-01-05', 'uk-UA')).toBe('05.01.2026');
  });

  it('gives nothing for what is not an ISO date', () => {
    expect(isoToInput('', 'uk-UA')).toBe('');
    expect(isoToInput('23.11.2026', 'uk-UA')).toBe('');
  });
});

describe('inputToIso', () => {
  it('reads the day first in Ukrainian and the month first in English', () => {
    expect(inputToIso('05.01.2026', 'uk-UA')).toBe('2026-01-05');
    expect(inputToIso('05/01/2026', 'en-US')).toBe('2026-05-01');
  });

  it('accepts one-digit days and months, other separators and spaces around', () => {
    expect(inputToIso(' 5.1.2026 ', 'uk-UA')).toBe('2026-01-05');
    expect(inputToIso('1/5/2026', 'en-US')).toBe('2026-01-05');
    expect(inputToIso('5-1-2026', 'uk-UA')).toBe('2026-01-05');
  });

  it('refuses days that do not exist and other shapes', () => {
    expect(inputToIso('31.02.2026', 'uk-UA')).toBeNull();
    expect(inputToIso('13/23/2026', 'en-US')).toBeNull();
    expect(inputToIso('23/11/2026', 'en-US')).toBeNull();
    expect(inputToIso('29.02.2025', 'uk-UA')).toBeNull();
    expect(inputToIso('29.02.2024', 'uk-UA')).toBe('2024-02-29');
    expect(inputToIso('2026-11-23', 'uk-UA')).toBeNull();
    expect(inputToIso('23.11.26', 'uk-UA')).toBeNull();
    expect(inputToIso('23.11', 'uk-UA')).toBeNull();
    expect(inputToIso('', 'uk-UA')).toBeNull();
    expect(inputToIso('aa.bb.cccc', 'uk-UA')).toBeNull();
  });
});

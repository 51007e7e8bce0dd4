import { describe, expect, it } from 'vitest';
import { shownDateText, typedDateValue } from './date-field-text';

describe('typedDateValue', () => {
  it("reads a day in the language's form as the ISO day the API takes", () => {
    expect(typedDateValue('23.11.2026', 'uk-UA')).toBe('2026-11-23');
    expect(typedDateValue('11/23/2026', 'en-US')).toBe('2026-11-23');
    expect(typedDateValue('1.2.1990', 'uk-UA')).toBe('1990-02-01');
  });

  it('keeps nothing as nothing', () => {
    expect(typedDateValue('', 'uk-UA')).toBe('');
    expect(typedDateValue('  ', 'en-US')).toBe('');
  });

  it('keeps an impossible or malformed day as typed, for the schema to refuse', () => {
    expect(typedDateValue('31.02.2026', 'uk-UA')).toBe('31.02.2026');
    expect(typedDateValue('23.11.2026', 'en-US')).toBe('23.11.2026');
    expect(typedDateValue('23.11', 'uk-UA')).toBe('23.11');
    expect(typedDateValue('завтра', 'uk-UA')).toBe('завтра');
  });
});

describe('shownDateText', () => {
  it("shows the form's ISO day in the language's form", () => {
    expect(shownDateText(null, '2026-11-23', 'uk-UA')).toBe('23.11.2026');
    expect(shownDateText(null, '2026-11-23', 'en-US')).toBe('11/23/2026');
    expect(shownDateText(null, '', 'uk-UA')).toBe('');
    expect(shownDateText(null, null, 'uk-UA')).toBe('');
  });

  it('shows what is being typed while it stands for the value', () => {
    expect(shownDateText('1.2.1990', '1990-02-01', 'uk-UA')).toBe('1.2.1990');
    expect(shownDateText('31.02', '31.02', 'uk-UA')).toBe('31.02');
  });

  it('shows the value anew once it changed without typing (a reset, another language)', () => {
    expect(shownDateText('1.2.1990', '2001-05-06', 'uk-UA')).toBe('06.05.2001');
    expect(shownDateText('01.02.1990', '1990-02-01', 'en-US')).toBe('02/01/1990');
  });

  it('shows a refused text as it is once the typing is over', () => {
    expect(shownDateText(null, '31.02.2026', 'uk-UA')).toBe('31.02.2026');
  });
});

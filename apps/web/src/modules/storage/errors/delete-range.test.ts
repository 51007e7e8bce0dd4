import { describe, expect, it } from 'vitest';
import { checkRange, checkTypedRange } from './delete-range';

describe('checkRange (delete errors by date)', () => {
  it('needs at least one date', () => {
    expect(checkRange('', '')).toEqual({ ok: false, field: 'from', error: 'dateRangeRequired' });
  });

  it('takes from, to, or both in order', () => {
    expect(checkRange('2026-01-01', '')).toEqual({ ok: true, range: { from: '2026-01-01' } });
    expect(checkRange('', '2026-01-31')).toEqual({ ok: true, range: { to: '2026-01-31' } });
    expect(checkRange('2026-01-01', '2026-01-31')).toEqual({
      ok: true,
      range: { from: '2026-01-01', to: '2026-01-31' },
    });
    expect(checkRange('2026-02-01', '2026-01-31')).toEqual({
      ok: false,
      field: 'to',
      error: 'dateRangeOrder',
    });
  });
});

describe("checkTypedRange (the days in the UI language's form)", () => {
  it("reads each language's order into ISO days", () => {
    expect(checkTypedRange('03.02.2019', '', 'uk-UA')).toEqual({ ok: true, range: { from: '2019-02-03' } });
    expect(checkTypedRange('', '02/03/2019', 'en-US')).toEqual({ ok: true, range: { to: '2019-02-03' } });
  });

  it('names the field whose text is not a day, before any other rule', () => {
    expect(checkTypedRange('03.02.2019', '31.02.2019', 'uk-UA')).toEqual({
      ok: false,
      field: 'to',
      error: 'dayFormat',
    });
    expect(checkTypedRange('2019-02-03', '', 'uk-UA')).toEqual({
      ok: false,
      field: 'from',
      error: 'dayFormat',
    });
    expect(checkTypedRange('05.02.2019', '03.02.2019', 'uk-UA')).toEqual({
      ok: false,
      field: 'to',
      error: 'dateRangeOrder',
    });
    expect(checkTypedRange(' ', '', 'uk-UA')).toEqual({
      ok: false,
      field: 'from',
      error: 'dateRangeRequired',
    });
  });
});

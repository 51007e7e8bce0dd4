import { describe, expect, it } from 'vitest';
import { checkRange } from './delete-range';

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

import { describe, expect, it } from 'vitest';
import { isPickKey, movedDay } from './grid-keys';

describe('grid keys (APG date picker)', () => {
  // 2026-11-25 is a Wednesday.
  const day = '2026-11-25';

  it('moves by a day and a week', () => {
    expect(movedDay('ArrowLeft', day, 1)).toBe('2026-11-24');
    expect(movedDay('ArrowRight', day, 1)).toBe('2026-11-26');
    expect(movedDay('ArrowUp', day, 1)).toBe('2026-11-18');
    expect(movedDay('ArrowDown', day, 1)).toBe('2026-12-02');
  });

  it('moves by a month, or a year with Shift', () => {
    expect(movedDay('PageUp', day, 1)).toBe('2026-10-25');
    expect(movedDay('PageDown', '2026-01-31', 1)).toBe('2026-02-28');
    expect(movedDay('PageUp', day, 1, true)).toBe('2025-11-25');
    expect(movedDay('PageDown', day, 1, true)).toBe('2027-11-25');
  });

  it('goes to the start and end of the week the language counts', () => {
    expect(movedDay('Home', day, 1)).toBe('2026-11-23');
    expect(movedDay('End', day, 1)).toBe('2026-11-29');
    expect(movedDay('Home', day, 7)).toBe('2026-11-22');
    expect(movedDay('End', day, 7)).toBe('2026-11-28');
  });

  it('leaves other keys to the popover, and picks with Enter or Space', () => {
    expect(movedDay('Tab', day, 1)).toBeNull();
    expect(movedDay('Escape', day, 1)).toBeNull();
    expect(isPickKey('Enter')).toBe(true);
    expect(isPickKey(' ')).toBe(true);
    expect(isPickKey('a')).toBe(false);
  });
});

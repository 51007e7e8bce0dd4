import { describe, expect, it } from 'vitest';
import { dayPlace, pickDay, shownRange } from './range-selection';

const none = { from: null, to: null };

describe('picking a range', () => {
  it('takes the first day as the start and the second as the end', () => {
    const started = pickDay(none, '2026-11-10');
    expect(started).toEqual({ from: '2026-11-10', to: null });
    expect(pickDay(started, '2026-11-20')).toEqual({ from: '2026-11-10', to: '2026-11-20' });
  });

  it('swaps when the second day is before the start', () => {
    expect(pickDay({ from: '2026-11-10', to: null }, '2026-11-03')).toEqual({
      from: '2026-11-03',
      to: '2026-11-10',
    });
  });

  it('makes one day picked twice that single day', () => {
    expect(pickDay({ from: '2026-11-10', to: null }, '2026-11-10')).toEqual({
      from: '2026-11-10',
      to: '2026-11-10',
    });
  });

  it('starts afresh after a complete range', () => {
    expect(pickDay({ from: '2026-11-01', to: '2026-11-05' }, '2026-11-20')).toEqual({
      from: '2026-11-20',
      to: null,
    });
  });

  it('completes a range whose end alone was typed', () => {
    expect(pickDay({ from: null, to: '2026-11-05' }, '2026-11-01')).toEqual({
      from: '2026-11-01',
      to: '2026-11-05',
    });
  });
});

describe('the range shown', () => {
  it('runs from the start to the hovered day while the end is to come', () => {
    expect(shownRange({ from: '2026-11-10', to: null }, '2026-11-14')).toEqual({
      from: '2026-11-10',
      to: '2026-11-14',
    });
    expect(shownRange({ from: '2026-11-10', to: null }, '2026-11-02')).toEqual({
      from: '2026-11-02',
      to: '2026-11-10',
    });
  });

  it('ignores the hover once the range is complete', () => {
    const range = { from: '2026-11-01', to: '2026-11-05' };
    expect(shownRange(range, '2026-11-20')).toBe(range);
    expect(shownRange(none, '2026-11-20')).toBe(none);
  });

  it('places each day in the range', () => {
    const range = { from: '2026-11-01', to: '2026-11-05' };
    expect(dayPlace(range, '2026-11-01')).toBe('start');
    expect(dayPlace(range, '2026-11-03')).toBe('inside');
    expect(dayPlace(range, '2026-11-05')).toBe('end');
    expect(dayPlace(range, '2026-11-06')).toBeNull();
    expect(dayPlace({ from: '2026-11-01', to: '2026-11-01' }, '2026-11-01')).toBe('single');
    expect(dayPlace({ from: '2026-11-01', to: null }, '2026-11-01')).toBe('single');
    expect(dayPlace(none, '2026-11-01')).toBeNull();
  });
});

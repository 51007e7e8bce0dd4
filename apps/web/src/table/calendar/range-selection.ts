/**
 * What a click (or Enter / Space) on a day does to the range being picked, over ISO days (which
 * compare in day order as strings). The range lives in the popover's From / To fields, so the grid
 * and the typed fields are one state: a null end means the pick waits for its second day.
 */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/**
 * First day = start; second = end, or the start when it is earlier (the two swap); the same day
 * twice = that single day. A day after a complete range starts a new one. With only an end typed,
 * that day is the range's other bound.
 */
export function pickDay(range: DayRange, day: string): DayRange {
  const anchor = range.from !== null && range.to !== null ? null : (range.from ?? range.to);
  if (anchor === null) return { from: day, to: null };
  return day < anchor ? { from: day, to: anchor } : { from: anchor, to: day };
}

/**
 * The range to paint: the picked one, or while the end is still to come, the one from the start to
 * the day under the pointer (or keyboard focus), in order.
 */
export function shownRange(range: DayRange, hover: string | null): DayRange {
  const waiting = (range.from === null) !== (range.to === null);
  const anchor = range.from ?? range.to;
  if (!waiting || anchor === null || hover === null) return range;
  return hover < anchor ? { from: hover, to: anchor } : { from: anchor, to: hover };
}

export type DayPlace = 'start' | 'end' | 'single' | 'inside' | null;

/** Where a day falls in a range, for its shape: a lone bound is a single picked day. */
export function dayPlace(range: DayRange, day: string): DayPlace {
  const { from, to } = range;
  if (from === null || to === null) return day === (from ?? to) ? 'single' : null;
  if (day === from && day === to) return 'single';
  if (day === from) return 'start';
  if (day === to) return 'end';
  return day > from && day < to ? 'inside' : null;
}

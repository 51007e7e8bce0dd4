import { addDays, addMonths, type WeekDay, weekEnd, weekStart } from './calendar-days';

/**
 * The WAI-ARIA APG date picker grid's keys: the day the focus moves to, or null when the key is
 * not the grid's (so the popover's own keys, Tab and Escape, keep working).
 */
export function movedDay(key: string, day: string, firstDay: WeekDay, shiftKey = false): string | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'PageUp':
      return addMonths(day, shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(day, shiftKey ? 12 : 1);
    case 'Home':
      return weekStart(day, firstDay);
    case 'End':
      return weekEnd(day, firstDay);
    default:
      return null;
  }
}

/** Keys that pick the focused day. */
export function isPickKey(key: string): boolean {
  return key === 'Enter' || key === ' ';
}

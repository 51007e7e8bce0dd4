import type { WeekDay } from './calendar-days';

/** The part of `Intl.Locale`'s week data the grid needs; older lib typings do not declare it. */
interface WeekInfo {
  firstDay: number;
}
interface LocaleWithWeekInfo {
  getWeekInfo?: () => WeekInfo;
  weekInfo?: WeekInfo;
}

/**
 * When the UI language's week starts, from CLDR through Intl: Monday for uk-UA, Sunday for en-US.
 * Engines name it `getWeekInfo()` (the standard) or the older `weekInfo` getter (Chromium before
 * 130, Node 20); Firefox had neither until recently, hence the convention for the two panel languages.
 */
export function firstDayOfWeek(locale: string): WeekDay {
  let info: WeekInfo | undefined;
  try {
    const intlLocale = new Intl.Locale(locale) as Intl.Locale & LocaleWithWeekInfo;
    info = intlLocale.getWeekInfo?.() ?? intlLocale.weekInfo;
  } catch {
    info = undefined;
  }
  const day = info?.firstDay;
  if (day !== undefined && Number.isInteger(day) && day >= 1 && day <= 7) return day as WeekDay;
  return locale.startsWith('en-US') ? 7 : 1;
}

import type { Locale } from '../locales.js';
import type { ScheduleFrequency } from './schedules.js';

export interface ScheduleTiming {
  frequency: ScheduleFrequency;
  weekday: number | null;
  month_day: number | null;
  hour: number;
  time_zone: string;
}

/** 2024-01-01 was a Monday: ISO weekday n is that day plus n − 1. */
function weekdayName(weekday: number, locale: Locale): string {
  const day = new Date(Date.UTC(2024, 0, weekday));
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(day);
}

/**
 * A schedule in words, as the panel lists it and its e-mail tells the recipient why they receive it:
 * "every Monday at 09:00 (Europe/Kyiv)", "щопонеділка о 09:00 (Europe/Kyiv)".
 */
export function scheduleSummary(timing: ScheduleTiming, locale: Locale): string {
  const hour = `${String(timing.hour).padStart(2, '0')}:00`;
  const uk = locale === 'uk-UA';
  const when = (() => {
    switch (timing.frequency) {
      case 'daily':
        return uk ? `щодня о ${hour}` : `every day at ${hour}`;
      case 'weekly': {
        const day = weekdayName(timing.weekday ?? 1, locale);
        return uk ? `щотижня, ${day}, о ${hour}` : `every ${day} at ${hour}`;
      }
      case 'monthly':
        return uk
          ? `щомісяця, ${timing.month_day}-го числа, о ${hour}`
          : `monthly on day ${timing.month_day} at ${hour}`;
    }
  })();
  return `${when} (${timing.time_zone})`;
}

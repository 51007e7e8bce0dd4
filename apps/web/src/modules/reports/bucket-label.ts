import type { Locale, ReportGroup } from '@pult/contract';
import { formatDate } from '../../i18n/format-date';

/** A bucket by its first day as people name it: a date, a week by its Monday, a month by name. */
export function bucketLabel(bucket: string, group: ReportGroup, locale: Locale): string {
  if (group !== 'month') return formatDate(bucket, locale);
  // Noon UTC of the 1st, read in UTC: the month is the bucket's whatever the browser's zone.
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${bucket}T12:00:00Z`),
  );
}

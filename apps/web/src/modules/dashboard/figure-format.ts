import type { DashboardCard } from '@pult/contract';
import { useLocale } from '../../i18n/use-locale';
import { formatBytes } from '../../table/format-bytes';

export type Label = (key: string) => string;

/** A card's figures in the reader's locale: bytes as KB/MB/GB, counts with group separators. */
export function useFormat(unit: DashboardCard['unit']) {
  const locale = useLocale();
  const numbers = new Intl.NumberFormat(locale);
  return (value: number) => (unit === 'bytes' ? formatBytes(value, locale) : numbers.format(value));
}

/** Stacked series need room for their legend; the placeholder takes the same height. */
export function chartHeight(card: DashboardCard): number {
  return card.series.length > 1 ? 240 : 200;
}

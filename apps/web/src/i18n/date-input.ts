import type { Locale } from '@pult/contract';

/**
 * Calendar dates typed and shown in the UI language's numeric form (uk-UA "23.11.2026", en-US
 * "11/23/2026"), converted to and from the ISO `YYYY-MM-DD` the filters and the API speak. The
 * browser's own date input follows the browser's locale, not the panel's language, hence this.
 */
interface DateInputStyle {
  order: readonly ('day' | 'month' | 'year')[];
  separator: string;
}

const STYLES: Record<Locale, DateInputStyle> = {
  'uk-UA': { order: ['day', 'month', 'year'], separator: '.' },
  'en-US': { order: ['month', 'day', 'year'], separator: '/' },
};

/** `2026-11-23` as the language writes it; '' for anything that is not an ISO date. */
export function isoToInput(iso: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const parts = { year: match[1], month: match[2], day: match[3] };
  const style = STYLES[locale];
  return style.order.map((part) => parts[part]).join(style.separator);
}

/**
 * What was typed, as an ISO date: null when it is not a real day in the language's order. Day and
 * month may have one digit; any of `.`, `/` and `-` separates them (people type what they are used to).
 */
export function inputToIso(text: string, locale: Locale): string | null {
  const pieces = text.trim().split(/[./-]/);
  if (pieces.length !== 3 || !pieces.every((piece) => /^\d+$/.test(piece))) return null;
  const style = STYLES[locale];
  const value = (part: 'day' | 'month' | 'year') => pieces[style.order.indexOf(part)] as string;
  if (value('year').length !== 4 || value('month').length > 2 || value('day').length > 2) return null;
  const [year, month, day] = [Number(value('year')), Number(value('month')), Number(value('day'))];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${value('year')}-${value('month').padStart(2, '0')}-${value('day').padStart(2, '0')}`;
}

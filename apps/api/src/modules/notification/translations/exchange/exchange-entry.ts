import type { Locale } from '@pult/contract';

/** One translation as a file carries it: its group and key, the source text and the target's. */
export interface ExchangeEntry {
  group: string;
  key: string;
  source: string | null;
  target: string | null;
}

/** What a file says: the language it translates into (when it says so) and its entries, in order. */
export interface ExchangeFile {
  locale: string | null;
  entries: ExchangeEntry[];
}

/** A file that is not the format it was sent as: the import answers 422 naming the format. */
export class ExchangeFileError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ExchangeFileError';
  }
}

/** The tag a file may use for a language (`en`, `en-US`, `en_US`) read as one of ours, or null. */
export function localeOfTag(tag: string | null | undefined, locales: readonly Locale[]): Locale | null {
  if (!tag) return null;
  const normal = tag.trim().replace('_', '-').toLowerCase();
  return (
    locales.find((locale) => locale.toLowerCase() === normal) ??
    locales.find((locale) => locale.slice(0, 2).toLowerCase() === normal.slice(0, 2)) ??
    null
  );
}

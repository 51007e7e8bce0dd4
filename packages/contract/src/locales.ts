export const LOCALES = ['uk-UA', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'uk-UA';

/** Labels used when the server's `availableLocales` setting cannot be read (spec §7). */
export const FALLBACK_AVAILABLE_LOCALES: Record<Locale, string> = {
  'uk-UA': 'Українська',
  'en-US': 'English',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** Reads a `Lang` header or stored preference; anything unknown falls back to uk-UA. */
export function toLocale(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

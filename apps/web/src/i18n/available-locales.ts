import {
  AVAILABLE_LOCALES_KEY,
  availableLocalesSchema,
  FALLBACK_AVAILABLE_LOCALES,
  isLocale,
  LOCALES,
  type Locale,
  settingsResponseSchema,
} from '@pult/contract';

export interface LocaleOption {
  locale: Locale;
  label: string;
}

export const FALLBACK_LOCALE_OPTIONS: readonly LocaleOption[] = LOCALES.map((locale) => ({
  locale,
  label: FALLBACK_AVAILABLE_LOCALES[locale],
}));

/**
 * Reads the `availableLocales` setting out of `GET /admin/settings?translate=true` (spec §7). Only
 * languages the panel has texts for are offered; anything unreadable falls back to Ukrainian and English.
 */
export function parseAvailableLocales(body: unknown): readonly LocaleOption[] {
  const settings = settingsResponseSchema.safeParse(body);
  if (!settings.success) return FALLBACK_LOCALE_OPTIONS;
  const item = settings.data.items.find((entry) => entry.key === AVAILABLE_LOCALES_KEY);
  const labels = availableLocalesSchema.safeParse(decodeJsonString(item?.value));
  if (!labels.success) return FALLBACK_LOCALE_OPTIONS;
  const options = Object.entries(labels.data)
    .filter((entry): entry is [Locale, string] => isLocale(entry[0]) && entry[1].trim() !== '')
    .map(([locale, label]) => ({ locale, label }));
  return options.length > 0 ? options : FALLBACK_LOCALE_OPTIONS;
}

/** A setting value may arrive as the map itself or as its JSON text. */
function decodeJsonString(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/**
 * A language code as people read it ("Українська", "English"): the offered languages' own labels
 * first, then the built-in ones; a code the panel does not know is shown as it is.
 */
export function languageName(code: string, options: readonly LocaleOption[]): string {
  const offered = options.find((option) => option.locale === code);
  if (offered) return offered.label;
  return isLocale(code) ? FALLBACK_AVAILABLE_LOCALES[code] : code;
}

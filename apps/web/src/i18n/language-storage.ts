import { type Locale, STORAGE_KEYS, toLocale } from '@pult/contract';

/** The UI language lives in local storage under `language_locale` (spec §1); unknown values mean uk-UA. */
export function readStoredLocale(storage: Storage): Locale {
  return toLocale(storage.getItem(STORAGE_KEYS.language));
}

export function storeLocale(storage: Storage, locale: Locale): void {
  storage.setItem(STORAGE_KEYS.language, locale);
}

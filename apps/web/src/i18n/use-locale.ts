import type { Locale } from '@pult/contract';
import { useCallback } from 'react';
import { useTranslation } from './use-translation';

/** The UI language; re-renders when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language;
}

/** Switches the UI language; i18n.ts saves it and updates `<html lang>` and the title (spec §4). */
export function useChangeLocale(): (locale: Locale) => void {
  const { i18n } = useTranslation();
  return useCallback(
    (locale: Locale) => {
      // The retries are spent (and the one reload refused): the current language simply stays.
      i18n
        .changeLanguage(locale)
        .catch((error: unknown) => console.error('The texts could not be loaded', error));
    },
    [i18n],
  );
}

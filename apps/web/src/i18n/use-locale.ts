import type { Locale } from '@pult/contract';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from './i18n';

/** The UI language; re-renders when it changes. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return currentLocale(i18n);
}

/** Switches the UI language; i18n.ts saves it and updates `<html lang>` and the title (spec §4). */
export function useChangeLocale(): (locale: Locale) => void {
  const { i18n } = useTranslation();
  return useCallback(
    (locale: Locale) => {
      void i18n.changeLanguage(locale);
    },
    [i18n],
  );
}

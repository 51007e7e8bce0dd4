import { DEFAULT_LOCALE, LOCALES, type Locale, toLocale } from '@pult/contract';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStoredLocale, storeLocale } from './language-storage';
import { enUS } from './locales/en-US';
import { ukUA } from './locales/uk-UA';

export const resources = {
  'uk-UA': { translation: ukUA },
  'en-US': { translation: enUS },
} as const;

/**
 * Creates the app's i18next instance, synchronously initialised with the stored language so the very
 * first render is already in the right language (the resources are bundled, nothing to wait for).
 */
export function createI18n(storage: Storage, doc: Document = document): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: readStoredLocale(storage),
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: [...LOCALES],
    // A code like "en-US" must be looked up as is, not as "en".
    load: 'currentOnly',
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyToDocument(instance, doc);
  instance.on('languageChanged', (language) => {
    storeLocale(storage, toLocale(language));
    applyToDocument(instance, doc);
  });
  return instance;
}

/** Keeps `<html lang>` and the page title (the app-name translation, spec §1) in step with the language. */
function applyToDocument(instance: I18n, doc: Document): void {
  doc.documentElement.lang = currentLocale(instance);
  doc.title = instance.t('app.name');
}

export function currentLocale(instance: I18n): Locale {
  return toLocale(instance.resolvedLanguage ?? instance.language);
}

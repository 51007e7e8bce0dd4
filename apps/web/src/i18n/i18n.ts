import { LOCALES, type Locale, toLocale } from '@pult/contract';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadWithRetry } from '../app/lazy-with-retry';
import { readStoredLocale, storeLocale } from './language-storage';
import type { Translations } from './locales/uk-UA';

/** Each language's texts, as far as they are at hand when i18n is created. */
export type PanelTexts = Partial<Record<Locale, Translations>>;

/**
 * Fetches one language's texts, a chunk of their own (`load-texts.ts`). Passed in rather than imported:
 * the module that names the language chunks changes with every text, and so would what imports it.
 */
export type LoadTexts = (locale: Locale) => Promise<Translations>;

/** A failed download is retried like a page's code (spec §2): without the texts the panel shows bare keys. */
async function loadRetrying(load: LoadTexts, locale: Locale): Promise<Translations> {
  const loaded = await loadWithRetry(() => load(locale).then((texts) => ({ default: texts })));
  return loaded.default;
}

/** The texts of the stored language, which the entry awaits so the first render is already in it. */
export async function loadStoredTexts(storage: Storage, load: LoadTexts): Promise<PanelTexts> {
  const locale = readStoredLocale(storage);
  return { [locale]: await loadRetrying(load, locale) };
}

/** i18next asks this for a language it has no texts of yet; `changeLanguage` waits for it to switch. */
function lazyTexts(load: LoadTexts): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read: (language, _namespace, callback) => {
      loadRetrying(load, toLocale(language)).then(
        (texts) => callback(null, texts),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
    },
  };
}

/**
 * Creates the app's i18next instance, synchronously initialised with the stored language; `texts` must
 * hold that language (the entry loads it first, tests pass them), so the very first render is in it.
 * Another language is loaded with `load` when the user switches to it, the current one staying on
 * screen meanwhile; without `load` (tests holding every language) there is nothing to fetch.
 */
export function createI18n(
  storage: Storage,
  texts: PanelTexts,
  load?: LoadTexts,
  doc: Document = document,
): I18n {
  const instance = i18next.createInstance();
  if (load) instance.use(lazyTexts(load));
  const resources = Object.fromEntries(
    Object.entries(texts).map(([locale, translation]) => [locale, { translation }]),
  );
  void instance.use(initReactI18next).init({
    resources,
    partialBundledLanguages: true,
    lng: readStoredLocale(storage),
    // No fallback language: the texts are typed complete, and a fallback would download the other
    // language for every English reader.
    fallbackLng: false,
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

import { LOCALES, type Locale } from '@pult/contract';
import { loadWithRetry } from '../app/lazy-with-retry';
import { readStoredLocale, storeLocale } from './language-storage';
import type { Translations } from './locales/uk-UA';
import { lookupText, type TextKeyOf, type TextParams, translate } from './translate';

/** Each language's texts, as far as they are at hand when i18n is created. */
export type PanelTexts = Partial<Record<Locale, Translations>>;

/**
 * Fetches one language's texts, a chunk of their own (`load-texts.ts`). Passed in rather than imported:
 * the module that names the language chunks changes with every text, and so would what imports it.
 */
export type LoadTexts = (locale: Locale) => Promise<Translations>;

/** A key of the Ukrainian texts, the shape every language has: `t()` accepts no other. */
export type TextKey = TextKeyOf<Translations>;

/**
 * What `t()` takes besides the key: the values of its `{{name}}` placeholders (a numeric `count` also
 * picks the plural form, `translate.ts`), and `defaultValue`, the text when the key has none (for keys
 * built from a server's names, cast to `TextKey`).
 */
export type TextOptions = TextParams & { readonly defaultValue?: string };

/** A text by key in one language: the current one when it was handed out. */
export type TFunction = (key: TextKey, options?: TextOptions) => string;

/**
 * The panel's translator: the current language, its texts, and the switch to another. Plain TypeScript;
 * `use-translation.tsx` connects React to it.
 */
export interface I18n {
  /** The language on screen; during a switch, still the old one until the new texts have arrived. */
  readonly language: Locale;
  /** The current language's texts as data, for what reads a whole group (the reports' texts). */
  readonly texts: Translations;
  /**
   * A text in the current language. A new function after every switch, so React's dependency lists
   * that name `t` follow the language; the one handed out keeps translating in its own language.
   */
  readonly t: TFunction;
  /** Whether the current language has a text at `key` (the label tests check the descriptors' keys). */
  exists: (key: string) => boolean;
  /**
   * Switches to `locale`, downloading its texts first when they are not at hand (the current language
   * stays on screen meanwhile). Resolves once the switch is made, or, when a later call took over
   * meanwhile, once its own download ended without switching; rejects, still in the current
   * language, when the texts could not be downloaded.
   */
  changeLanguage: (locale: Locale) => Promise<void>;
  /** Calls `listener` after every switch; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
}

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

function translatorOf(locale: Locale, texts: Translations): TFunction {
  const plurals = new Intl.PluralRules(locale);
  return (key, options) => translate(texts, key, options, { fallback: options?.defaultValue, plurals });
}

/**
 * Creates the panel's translator in the stored language; `texts` must hold that language (the entry
 * loads it first, tests pass them), so the very first render is in it. Another language is loaded with
 * `load` when the user switches to it; without `load` (tests holding every language) there is nothing
 * to fetch. Each switch is stored and applied to the document.
 */
export function createI18n(
  storage: Storage,
  texts: PanelTexts,
  load?: LoadTexts,
  doc: Document = document,
): I18n {
  const loaded: PanelTexts = { ...texts };
  const listeners = new Set<() => void>();
  let language = startLocale(storage, loaded);
  let current = loaded[language] ?? missingTexts(language);
  let t = translatorOf(language, current);
  // The language last asked for: a slower download of an earlier choice must not switch after it.
  let wanted: Locale = language;

  function show(locale: Locale, next: Translations): void {
    language = locale;
    current = next;
    t = translatorOf(locale, next);
    applyToDocument(doc, locale, t);
    for (const listener of [...listeners]) listener();
    // Last: a storage that refuses the write (full, or blocked) must not leave the screen half switched.
    storeLocale(storage, locale);
  }

  // A language's download under way: choosing it again (back and forth) waits for it, not a second one.
  const downloads = new Map<Locale, Promise<Translations>>();

  function textsOf(locale: Locale): Promise<Translations> {
    const known = loaded[locale];
    if (known) return Promise.resolve(known);
    if (!load) return Promise.reject(new Error(`No texts for ${locale}, and nothing to load them with`));
    const pending =
      downloads.get(locale) ??
      loadRetrying(load, locale)
        .then((texts) => {
          loaded[locale] = texts;
          return texts;
        })
        .finally(() => downloads.delete(locale));
    downloads.set(locale, pending);
    return pending;
  }

  async function changeLanguage(locale: Locale): Promise<void> {
    wanted = locale;
    // Already shown (perhaps back from a switch still downloading, which `wanted` now cancels).
    if (locale === language) return;
    const next = await textsOf(locale);
    if (wanted === locale && locale !== language) show(locale, next);
  }

  applyToDocument(doc, language, t);
  return {
    get language() {
      return language;
    },
    get texts() {
      return current;
    },
    get t() {
      return t;
    },
    exists: (key) => lookupText(current, key) !== undefined,
    changeLanguage,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * The stored language, or the one whose texts were loaded when another tab stored a different choice
 * while they downloaded: the first render must have texts, and the other tab's choice is one click away.
 */
function startLocale(storage: Storage, texts: PanelTexts): Locale {
  const stored = readStoredLocale(storage);
  if (texts[stored]) return stored;
  return LOCALES.find((locale) => texts[locale] !== undefined) ?? stored;
}

/** A caller that broke the contract above gets a clear error rather than a panel of bare keys. */
function missingTexts(locale: Locale): never {
  throw new Error(`createI18n needs the texts of the stored language, ${locale}`);
}

/** Keeps `<html lang>` and the page title (the app-name translation, spec §1) in step with the language. */
function applyToDocument(doc: Document, locale: Locale, t: TFunction): void {
  doc.documentElement.lang = locale;
  doc.title = t('app.name');
}

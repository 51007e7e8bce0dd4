import type { Locale } from '@pult/contract';
import type { Translations } from './locales/uk-UA';

/*
 * One loader per language, each its own call: written as `locale === 'en-US' ? import(…) : import(…)`
 * the minifier merged the two preloading wrappers into one, which then fetched the Ukrainian texts'
 * files for an English reader too.
 */
const LOADERS: Record<Locale, () => Promise<Translations>> = {
  'uk-UA': () => import('./locales/uk-UA').then((module) => module.ukUA),
  'en-US': () => import('./locales/en-US').then((module) => module.enUS),
};

/**
 * One language's texts, a chunk of their own: a reader downloads only the language they read, and the
 * other one when they switch to it (i18n.ts retries a failed download). Only `app/load-panel.ts`
 * imports this module, and it imports nothing at run time: it names the language chunks, so its
 * chunk changes with every text (docs/architecture.md, "Chunks that survive a deploy").
 */
export function loadTexts(locale: Locale): Promise<Translations> {
  return LOADERS[locale]();
}

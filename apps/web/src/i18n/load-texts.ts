import type { Locale } from '@pult/contract';
import type { Translations } from './locales/uk-UA';

/**
 * One language's texts, a chunk of their own: a reader downloads only the language they read, and the
 * other one when they switch to it (i18n.ts retries a failed download). Only `app/load-panel.ts`
 * imports this module, and it imports nothing at run time: it names the language chunks, so its
 * chunk changes with every text (docs/architecture.md, "Chunks that survive a deploy").
 */
export function loadTexts(locale: Locale): Promise<Translations> {
  return locale === 'en-US'
    ? import('./locales/en-US').then((module) => module.enUS)
    : import('./locales/uk-UA').then((module) => module.ukUA);
}

import type { Locale } from '@pult/contract';
import { readStoredLocale } from '../i18n/language-storage';
import type { PublicTranslations } from '../i18n/locales/public-uk-UA';
import { loadPublicConfig, type PublicConfig } from './public-config';
import { loadPublicTexts } from './public-texts';

/** What the public screens need besides their code: the texts of the stored language and the config. */
export interface PublicDownloads {
  readonly locale: Locale;
  readonly texts: Promise<PublicTranslations>;
  readonly config: Promise<PublicConfig>;
}

/**
 * Starts both downloads at once. The entry calls this beside the download of the screens' code (React
 * is most of it), so on a slow link the texts and `/config.json` arrive while React is still on its way
 * instead of one round trip each after it.
 */
export function startPublicDownloads(
  storage: Storage,
  load: { texts: typeof loadPublicTexts; config: typeof loadPublicConfig } = {
    texts: loadPublicTexts,
    config: loadPublicConfig,
  },
): PublicDownloads {
  const locale = readStoredLocale(storage);
  const downloads = { locale, texts: load.texts(locale), config: load.config() };
  // Awaited once the screens' code runs; a failure meanwhile is theirs to show, not an unhandled one.
  downloads.texts.catch(() => undefined);
  downloads.config.catch(() => undefined);
  return downloads;
}

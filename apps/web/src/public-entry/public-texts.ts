import type { Locale } from '@pult/contract';
import type { ViewText } from '../forms/view-text';
import type { PublicTranslations } from '../i18n/locales/public-uk-UA';
import { translate } from '../i18n/translate';

/** One language's texts of the public screens, a chunk of their own like the panel's. */
export async function loadPublicTexts(locale: Locale): Promise<PublicTranslations> {
  return locale === 'en-US'
    ? (await import('../i18n/locales/public-en-US')).publicEn
    : (await import('../i18n/locales/public-uk-UA')).publicUk;
}

/** A text decided by a plain function (a key, or a server text as it came), in `texts`' language. */
export function viewText(texts: PublicTranslations, text: ViewText): string {
  return 'raw' in text ? text.raw : translate(texts, text.key, text.params);
}

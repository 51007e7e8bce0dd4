import type { Locale } from '@pult/contract';
import type { ViewText } from '../forms/view-text';
import type { PublicTranslations } from '../i18n/locales/public-uk-UA';

/** One language's texts of the public screens, a chunk of their own like the panel's. */
export async function loadPublicTexts(locale: Locale): Promise<PublicTranslations> {
  return locale === 'en-US'
    ? (await import('../i18n/locales/public-en-US')).publicEn
    : (await import('../i18n/locales/public-uk-UA')).publicUk;
}

type Tree = { readonly [key: string]: string | Tree };

/**
 * `key` looked up in `texts` with `{{name}}` placeholders filled in, as i18next would; a key the
 * texts lack comes back as itself, which a test of the screens would catch.
 */
export function translate(
  texts: PublicTranslations,
  key: string,
  params: Record<string, string> = {},
): string {
  let node: string | Tree | undefined = texts as unknown as Tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

/** A text decided by a plain function (a key, or a server text as it came), in `texts`' language. */
export function viewText(texts: PublicTranslations, text: ViewText): string {
  return 'raw' in text ? text.raw : translate(texts, text.key, text.params);
}

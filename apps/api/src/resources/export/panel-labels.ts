import type { Locale } from '@pult/contract';
import { panelTexts } from '@pult/web/texts';

/**
 * A label key of a descriptor (`people.fields.email`) in the given language, read from the panel's
 * own translations so the export's headers are the table's; the key itself when it has no text.
 */
export function panelLabel(locale: Locale, key: string): string {
  let node: unknown = panelTexts[locale];
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}

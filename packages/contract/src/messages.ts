import type { Locale } from './locales.js';
import { MESSAGES_EN, type MessageKey } from './messages-en.js';
import { MESSAGES_UK } from './messages-uk.js';

export type { MessageKey } from './messages-en.js';

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = {
  'en-US': MESSAGES_EN,
  'uk-UA': MESSAGES_UK,
};

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(MESSAGES_EN, value);
}

export function translateMessage(
  key: MessageKey,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return MESSAGES[locale][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

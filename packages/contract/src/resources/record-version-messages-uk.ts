import type { en } from './record-version-messages.js';

/** The Ukrainian texts, a module of their own so an English bundle does not carry them. */
export const uk: Record<keyof typeof en, string> = {
  recordChanged:
    'Хтось інший змінив цей запис, відколи ви його відкрили. Нічого не збережено; порівняйте з поточним записом і збережіть ще раз.',
};

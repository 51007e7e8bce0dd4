import type { Locale } from './locales.js';

/*
 * Server texts the panel needs outside its translation catalogues (they are loaded one language at a
 * time): kept apart so the code that compares or shows them does not pull every message of both
 * languages into the sign-in screen.
 */

export const INVALID_CREDENTIALS_TEXTS: Record<Locale, string> = {
  'en-US': 'Invalid login or password',
  'uk-UA': 'Невірний логін або пароль',
};

export const FORBIDDEN_TEXTS: Record<Locale, string> = {
  'en-US': 'Access denied',
  'uk-UA': 'Доступ заборонено',
};

/**
 * The rate-limit text of spec §8. The panel compares the response with it verbatim, so the
 * services always send it in Ukrainian, whatever the request's language.
 */
export const RATE_LIMIT_MESSAGE = 'Перевищено ліміт запитів, спробуйте пізніше';

/** True when a server text means "incorrect login or password" in any language. */
export function isInvalidCredentialsMessage(text: string): boolean {
  return Object.values(INVALID_CREDENTIALS_TEXTS).includes(text);
}

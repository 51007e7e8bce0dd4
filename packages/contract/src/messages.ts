import type { Locale } from './locales.js';

/**
 * Texts the services send back, keyed by a stable message key. Schemas in this package use the keys
 * as their error messages, so the server localises them by the request's `Lang` and the panel can
 * recognise them (for instance the invalid-credentials text, spec §8).
 */
const en = {
  required: 'This field is required',
  invalidType: 'Invalid value',
  invalidValue: 'Invalid value',
  unknownField: 'Unknown field',
  tooLong: 'The value is too long',
  emailInvalid: 'E-mail must be valid',
  passwordMinLength: 'Password must be at least 8 characters long',
  passwordsMismatch: 'Passwords do not match',
  codeInvalid: 'Invalid or expired code',
  invalidCredentials: 'Invalid login or password',
  tooManySignins: 'Too many sign-in attempts. Try again in {minutes} min.',
  recordNotFound: 'Record not found',
  routeNotFound: 'Not found',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large (1 MB at most)',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired access token',
  invalidRefreshToken: 'Invalid or expired refresh token',
  forbidden: 'Access denied',
  internalError: 'Internal server error',
  recoverySent: 'If the account exists, an e-mail with a recovery link has been sent.',
  passwordChanged: 'The password has been changed.',
  loggedOut: 'Signed out.',
} as const;

export type MessageKey = keyof typeof en;

const uk: Record<MessageKey, string> = {
  required: "Це поле обов'язкове",
  invalidType: 'Недопустиме значення',
  invalidValue: 'Недопустиме значення',
  unknownField: 'Невідоме поле',
  tooLong: 'Значення задовге',
  emailInvalid: 'Е-пошта має бути дійсною',
  passwordMinLength: 'Пароль має містити щонайменше 8 символів',
  passwordsMismatch: 'Паролі не збігаються',
  codeInvalid: 'Недійсний або прострочений код',
  invalidCredentials: 'Невірний логін або пароль',
  tooManySignins: 'Забагато спроб входу. Спробуйте через {minutes} хв.',
  recordNotFound: 'Запис не знайдено',
  routeNotFound: 'Не знайдено',
  malformedJson: 'Тіло запиту не є коректним JSON',
  bodyTooLarge: 'Тіло запиту завелике (не більше 1 МБ)',
  unsupportedMediaType: 'Непідтримуваний тип вмісту: надсилайте application/json',
  unauthorized: 'Потрібна автентифікація',
  invalidToken: 'Недійсний або прострочений токен доступу',
  invalidRefreshToken: 'Недійсний або прострочений токен оновлення',
  forbidden: 'Доступ заборонено',
  internalError: 'Внутрішня помилка сервера',
  recoverySent: 'Якщо обліковий запис існує, ми надіслали лист із посиланням для відновлення.',
  passwordChanged: 'Пароль змінено.',
  loggedOut: 'Ви вийшли з системи.',
};

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = { 'en-US': en, 'uk-UA': uk };

/**
 * The rate-limit text of spec §8. The panel compares the response with it verbatim, so the
 * services always send it in Ukrainian, whatever the request's language.
 */
export const RATE_LIMIT_MESSAGE = 'Перевищено ліміт запитів, спробуйте пізніше';

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(en, value);
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

/** True when a server text means "incorrect login or password" in any language. */
export function isInvalidCredentialsMessage(text: string): boolean {
  return Object.values(MESSAGES).some((catalog) => catalog.invalidCredentials === text);
}

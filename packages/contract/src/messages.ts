import { en as chatEn, uk as chatUk } from './chat/messages.js';
import type { Locale } from './locales.js';
import { en as notificationEn, uk as notificationUk } from './notification/messages.js';
import { en as bulkEn, uk as bulkUk } from './resources/bulk-messages.js';
import { en as storageEn, uk as storageUk } from './storage/messages.js';

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
  invalidPage: 'Page must be a whole number from 1',
  invalidPerPage: 'Page size must be one of 5, 10, 20, 50, 100',
  unsortableField: 'This column cannot be sorted',
  unknownFilter: 'This column cannot be filtered',
  unknownParameter: 'Unknown parameter',
  mustBeInteger: 'Must be an integer',
  dateFilterFormat: 'Format: YYYY-MM-DD or YYYY-MM-DD,YYYY-MM-DD',
  invalidDate: 'Format: YYYY-MM-DD',
  invalidOption: 'Choose one of the options',
  invalidJson: 'Invalid JSON format',
  invalidBoolean: 'Must be true or false',
  emailTaken: 'This e-mail is already taken',
  nameTaken: 'This name is already taken',
  codeTaken: 'This code is already taken',
  keyTaken: 'This key is already taken',
  invalidKey: 'Use letters, digits, dots, dashes and underscores (1–100)',
  invalidCountryCode: 'Two Latin capital letters (ISO 3166-1 alpha-2)',
  invalidLocales: 'A JSON object of locale codes to labels, e.g. {"uk-UA": "Українська"}',
  countryNotFound: 'No such country',
  cityNotFound: 'No such city',
  cityNotInCountry: 'The city is not in the chosen country',
  countryInUse: 'The country has cities or users; remove them first',
  cityInUse: 'Users live in this city; move them first',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotLockSelf: 'You cannot lock or deactivate your own account',
  lastAdmin: 'At least one active administrator must remain',
  settingProtected: 'This setting is required by the platform and cannot be deleted',
  queryTimeout: 'The query took too long; narrow the filters',
  serverBusy: 'The server is busy; try again in a moment',
  jsonTooDeep: 'JSON is nested too deeply (64 levels at most)',
  bodyTooDeep: 'The request body is nested too deeply',
  userTokensRevoked: 'Signed out every platform user ({count} sessions).',
  apiKeysRegenerated: 'The API keys have been replaced.',
  invalidApiKey: 'Invalid API key',
  ...notificationEn,
  ...bulkEn,
  ...storageEn,
  ...chatEn,
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
  invalidPage: 'Сторінка має бути цілим числом від 1',
  invalidPerPage: 'Розмір сторінки має бути одним із 5, 10, 20, 50, 100',
  unsortableField: 'За цим стовпцем не можна сортувати',
  unknownFilter: 'За цим стовпцем не можна фільтрувати',
  unknownParameter: 'Невідомий параметр',
  mustBeInteger: 'Має бути цілим числом',
  dateFilterFormat: 'Формат: РРРР-ММ-ДД або РРРР-ММ-ДД,РРРР-ММ-ДД',
  invalidDate: 'Формат: РРРР-ММ-ДД',
  invalidOption: 'Оберіть один із варіантів',
  invalidJson: 'Недійсний формат JSON',
  invalidBoolean: 'Має бути true або false',
  emailTaken: 'Ця е-пошта вже зайнята',
  nameTaken: 'Ця назва вже зайнята',
  codeTaken: 'Цей код уже зайнятий',
  keyTaken: 'Цей ключ уже зайнятий',
  invalidKey: 'Латинські літери, цифри, крапки, дефіси й підкреслення (1–100)',
  invalidCountryCode: 'Дві великі латинські літери (ISO 3166-1 alpha-2)',
  invalidLocales: 'JSON-об’єкт кодів мов і назв, напр. {"uk-UA": "Українська"}',
  countryNotFound: 'Такої країни немає',
  cityNotFound: 'Такого міста немає',
  cityNotInCountry: 'Місто не належить до обраної країни',
  countryInUse: 'У країні є міста або користувачі; спершу приберіть їх',
  cityInUse: 'У цьому місті живуть користувачі; спершу перенесіть їх',
  cannotDeleteSelf: 'Не можна видалити власний обліковий запис',
  cannotLockSelf: 'Не можна заблокувати чи вимкнути власний обліковий запис',
  lastAdmin: 'Має лишитися хоча б один активний адміністратор',
  settingProtected: 'Це налаштування потрібне платформі, його не можна видалити',
  queryTimeout: 'Запит виконувався задовго; звузьте фільтри',
  serverBusy: 'Сервер зайнятий; спробуйте ще раз за мить',
  jsonTooDeep: 'JSON має забагато рівнів вкладеності (щонайбільше 64)',
  bodyTooDeep: 'Тіло запиту має забагато рівнів вкладеності',
  userTokensRevoked: 'Усіх користувачів платформи виведено із системи (сесій: {count}).',
  apiKeysRegenerated: 'API-ключі замінено.',
  invalidApiKey: 'Недійсний API-ключ',
  ...notificationUk,
  ...bulkUk,
  ...storageUk,
  ...chatUk,
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

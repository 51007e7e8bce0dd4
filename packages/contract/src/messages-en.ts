import { en as accessEn } from './access/messages.js';
import { en as mfaEn } from './auth/mfa-messages.js';
import { en as chatEn } from './chat/messages.js';
import { FORBIDDEN_TEXTS, INVALID_CREDENTIALS_TEXTS } from './known-messages.js';
import { en as notificationEn } from './notification/messages.js';
import { en as reportsEn } from './reports/messages.js';
import { en as bulkEn } from './resources/bulk-messages.js';
import { en as importEn } from './resources/import-messages.js';
import { en as recordVersionEn } from './resources/record-version-messages.js';
import { en as storageEn } from './storage/messages.js';

/**
 * Texts the services send back, keyed by a stable message key. Schemas in this package use the keys
 * as their error messages, so the server localises them by the request's `Lang` and the panel can
 * recognise them (for instance the invalid-credentials text, spec §8).
 */
export const MESSAGES_EN = {
  required: 'This field is required',
  invalidType: 'Invalid value',
  invalidValue: 'Invalid value',
  unknownField: 'Unknown field',
  tooLong: 'The value is too long',
  emailInvalid: 'E-mail must be valid',
  passwordMinLength: 'Password must be at least 8 characters long',
  passwordsMismatch: 'Passwords do not match',
  codeInvalid: 'Invalid or expired code',
  invalidCredentials: INVALID_CREDENTIALS_TEXTS['en-US'],
  tooManySignins: 'Too many sign-in attempts. Try again in {minutes} min.',
  reportSentJustNow: 'This report was sent a moment ago. It can be sent again in {seconds} s.',
  recordNotFound: 'Record not found',
  routeNotFound: 'Not found',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large (1 MB at most)',
  unsupportedMediaType: 'Unsupported content type: send application/json',
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired access token',
  invalidRefreshToken: 'Invalid or expired refresh token',
  forbidden: FORBIDDEN_TEXTS['en-US'],
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
  ...importEn,
  ...recordVersionEn,
  ...storageEn,
  ...accessEn,
  ...chatEn,
  ...mfaEn,
  ...reportsEn,
} as const;

export type MessageKey = keyof typeof MESSAGES_EN;

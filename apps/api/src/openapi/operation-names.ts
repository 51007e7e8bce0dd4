import { SERVICE_BASE_PATHS } from '@pult/contract';

/**
 * Operation ids and summaries: URL-safe camelCase, readable in a generated client
 * (`listAdminUsers`, `getAdminUser`, `createAdminBucket`, `exportAdminUsersCsv`), unique across the
 * document (a test checks it). Derived from the method and the path below the service base:
 *
 * - `admin/`, `user/`, `service/` name the caller (Admin, User, Service); path parameters are left out;
 * - ends in a parameter: `get`/`update`/`delete` one record, every name singular (`getAdminGroupMember`);
 * - a collection: `list` (GET), `create` (POST, singular); `export.csv` → `export…Csv`, `lookup` →
 *   `lookup…`, `bulk` → `bulk…` (the list's bulk actions), `import` → `import…` (CSV import);
 * - a POST whose last segment is a verb after a record or a collection (`/{id}/retry`, `/check`) is that
 *   verb on the record (`retryAdminEmailQueueItem`, `checkAdminSmtpConfig`).
 *
 * Where that reads badly the name is declared here, by `METHOD path` (a test fails on a stale entry).
 */
export const DECLARED_OPERATIONS: Record<string, { id: string; summary: string }> = {
  'GET /healthz': { id: 'getHealth', summary: 'Liveness: the process and its database answer' },
  'GET /readyz': {
    id: 'getReadiness',
    summary: 'Readiness: migrations done, database answering, not shutting down',
  },
  'GET /config.json': { id: 'getRuntimeConfig', summary: "The panel's service URLs and company name" },
  'GET /auth/.well-known/jwks.json': {
    id: 'getJwks',
    summary: 'Public keys that verify access tokens (JWKS)',
  },
  'POST /auth/admin/signin': { id: 'signInAdmin', summary: 'Sign in as an administrator' },
  'POST /auth/admin/signin/mfa': {
    id: 'signInAdminSecondFactor',
    summary: "Complete an administrator's sign-in with a second factor",
  },
  'POST /auth/admin/refresh-token': { id: 'refreshAdminToken', summary: "Renew an administrator's tokens" },
  'POST /auth/admin/logout': { id: 'signOutAdmin', summary: 'Sign out (end this sign-in)' },
  'POST /auth/admin/recover-password-request': {
    id: 'requestAdminPasswordRecovery',
    summary: 'Send a password recovery e-mail',
  },
  'POST /auth/admin/change-password': {
    id: 'changeAdminPassword',
    summary: 'Set a new password with a recovery code',
  },
  'POST /auth/admin/step-up': {
    id: 'stepUpAdmin',
    summary: 'Confirm the second factor (or password) again before a dangerous action',
  },
  'GET /auth/admin/me/permissions': {
    id: 'getMyPermissions',
    summary: "The signed-in administrator's permissions",
  },
  'GET /auth/admin/permissions/catalogue': {
    id: 'getPermissionCatalogue',
    summary: 'Every resource and action access control checks',
  },
  'GET /auth/admin/admins/{id}/permissions': {
    id: 'getAdminEffectivePermissions',
    summary: "An administrator's effective permissions, with the groups that grant them",
  },
  'POST /auth/admin/admins/{id}/mfa-reset': {
    id: 'resetAdminSecondFactor',
    summary: "Remove an administrator's second factor",
  },
  'PUT /auth/admin/groups/{id}/members/{adminId}': {
    id: 'addAdminGroupMember',
    summary: 'Add an administrator to a group',
  },
  'DELETE /auth/admin/groups/{id}/members/{adminId}': {
    id: 'removeAdminGroupMember',
    summary: 'Remove an administrator from a group',
  },
  'GET /auth/admin/mfa': { id: 'getMySecondFactor', summary: "The signed-in administrator's second factor" },
  'POST /auth/admin/mfa/totp/setup': { id: 'setUpTotp', summary: 'Start setting up an authenticator app' },
  'POST /auth/admin/mfa/totp/confirm': {
    id: 'confirmTotp',
    summary: 'Confirm the authenticator with a code; answers the recovery codes',
  },
  'DELETE /auth/admin/mfa/totp': { id: 'removeTotp', summary: 'Remove the authenticator app' },
  'POST /auth/admin/mfa/recovery-codes': {
    id: 'regenerateRecoveryCodes',
    summary: 'Generate new recovery codes',
  },
  'POST /auth/admin/sessions/end-others': { id: 'endOtherAdminSessions', summary: 'End every other sign-in' },
  'GET /auth/admin/profile-basic': {
    id: 'getAdminProfileBasic',
    summary: "The signed-in administrator's name and e-mail",
  },
  'GET /auth/admin/profile': { id: 'getAdminProfile', summary: "The signed-in administrator's profile" },
  'PUT /auth/admin/profile': {
    id: 'updateAdminProfile',
    summary: "Change the signed-in administrator's profile",
  },
  'GET /auth/admin/api-keys': { id: 'listApiKeys', summary: "The services' API keys" },
  'POST /auth/admin/settings/regenerate-api-keys': {
    id: 'regenerateApiKeys',
    summary: "Replace the services' API keys",
  },
  'POST /auth/admin/settings/revoke-user-tokens': {
    id: 'revokeAllUserTokens',
    summary: "End every platform user's sign-ins",
  },
  'GET /notification/api/v1/admin/translations/exchange': {
    id: 'exportTranslationsForTranslators',
    summary: 'Translations as XLIFF 2.0, gettext PO or i18next JSON, for translators',
  },
  'POST /notification/api/v1/admin/translations/exchange': {
    id: 'importTranslationsFromTranslators',
    summary: 'Import an XLIFF 2.0, gettext PO or i18next JSON file of translations: a dry run or a commit',
  },
  'GET /auth/admin/dashboard': {
    id: 'getDashboard',
    summary: 'The dashboard cards the administrator may see',
  },
  'GET /auth/admin/events': {
    id: 'streamLiveChanges',
    summary: 'Server-sent events: changes to the records the administrator may list',
  },
  'GET /auth/admin/dashboard/cards/{id}': { id: 'getDashboardCard', summary: "One dashboard card's figures" },
  'GET /auth/service/whoami': { id: 'getCallingService', summary: 'Which service an API key belongs to' },
  'POST /auth/user/signin': { id: 'signInUser', summary: 'Sign in as a platform user' },
  'POST /auth/user/refresh-token': { id: 'refreshUserToken', summary: "Renew a platform user's tokens" },
  'POST /auth/user/logout': { id: 'signOutUser', summary: "End a platform user's sign-in" },
  'GET /chat/rest/v1/ws': { id: 'openChatSocket', summary: 'WebSocket of chat events (upgrade)' },
  'POST /chat/rest/v1/channels/{id}/leave': { id: 'leaveChannel', summary: 'Leave a channel' },
  'POST /chat/rest/v1/channels/{id}/read': {
    id: 'markChannelRead',
    summary: 'Mark a channel read up to a message',
  },
  'POST /chat/rest/v1/channels/{id}/members': {
    id: 'addChannelMember',
    summary: 'Add a member to a channel',
  },
  'PUT /chat/rest/v1/channels/{id}/members/{uid}': {
    id: 'updateChannelMember',
    summary: "Change a channel member's role",
  },
  'DELETE /chat/rest/v1/channels/{id}/members/{uid}': {
    id: 'removeChannelMember',
    summary: 'Remove a member from a channel',
  },
  'POST /chat/rest/v1/channels/{id}/messages': { id: 'postChannelMessage', summary: 'Post a message' },
  'GET /notification/api/v1/admin/email-queue/counts': {
    id: 'countAdminEmailQueue',
    summary: 'Queued messages by status',
  },
  'POST /notification/api/v1/admin/email-queue/retry-failed': {
    id: 'retryFailedAdminEmails',
    summary: 'Retry every failed message that matches the filter',
  },
  'GET /notification/api/v1/admin/translations/completeness': {
    id: 'getAdminTranslationCompleteness',
    summary: 'Templates missing a language',
  },
  'POST /notification/api/v1/send': {
    id: 'sendNotification',
    summary: 'Queue an e-mail, SMS or push from a template',
  },
  'POST /notification/api/v1/devices': { id: 'registerDevice', summary: "Register a user's push token" },
  'DELETE /notification/api/v1/devices': { id: 'unregisterDevice', summary: "Remove a user's push token" },
  'GET /storage/api/v1/admin/errors/range-count': {
    id: 'countAdminErrorsInRange',
    summary: 'How many errors a date range holds',
  },
  'POST /storage/api/v1/admin/errors/delete-range': {
    id: 'deleteAdminErrorsInRange',
    summary: 'Delete the errors of a date range',
  },
  'GET /storage/api/v1/admin/files/{uuid}/url': { id: 'getAdminFileUrl', summary: "A file's download link" },
  'GET /storage/api/v1/files/{uuid}/url': { id: 'getFileUrl', summary: "A file's download link" },
  'POST /storage/api/v1/files': { id: 'uploadFile', summary: 'Upload a file (multipart, streamed)' },
  'POST /storage/api/v1/admin/files': { id: 'uploadAdminFile', summary: 'Upload a file into a bucket' },
  'POST /storage/api/v1/logs': { id: 'ingestLogs', summary: 'Store a batch of log lines' },
  'POST /storage/api/v1/errors': { id: 'ingestErrors', summary: 'Store a batch of errors' },
  'GET /storage/api/v1/blobs/{path}': { id: 'downloadSignedBlob', summary: 'Download through a signed link' },
  'GET /storage/api/v1/public/{bucket}/{path}': {
    id: 'downloadPublicFile',
    summary: 'Download a file of a public bucket',
  },
  'GET /storage/api/v1/admin/settings': {
    id: 'getAdminStorageSettings',
    summary: 'Storage settings (retention)',
  },
  'PUT /storage/api/v1/admin/settings': {
    id: 'updateAdminStorageSettings',
    summary: 'Change storage settings (retention)',
  },
};

const SCOPES: Record<string, string> = { admin: 'Admin', user: 'User', service: 'Service' };

const VERB_SUMMARIES: Record<string, string> = {
  list: 'List',
  get: 'Get one',
  create: 'Create',
  update: 'Update',
  delete: 'Delete',
  export: 'Export as CSV:',
  lookup: 'Look up (id and label):',
  bulk: 'Bulk action on',
  import: 'Import from CSV (dry run or commit):',
};

/** `METHOD /openapi/{path}` of a route, the key of `DECLARED_OPERATIONS`. */
export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** The id and summary of an operation (`path` in OpenAPI form, `{id}` for parameters). */
export function operationName(method: string, path: string): { id: string; summary: string } {
  const declared = DECLARED_OPERATIONS[operationKey(method, path)];
  if (declared) return declared;
  const base = Object.values(SERVICE_BASE_PATHS).find((prefix) => path.startsWith(`${prefix}/`)) ?? '';
  const segments = path.slice(base.length).split('/').filter(Boolean);
  let scope = '';
  if (segments[0] && SCOPES[segments[0]]) scope = SCOPES[segments.shift()!]!;
  const isParam = (segment: string | undefined) => segment?.startsWith('{') ?? false;
  const last = segments.at(-1);
  const verb = method.toLowerCase();
  let action: string;
  let nouns: string[];
  let suffix = '';
  const literals = (list: string[]) => list.filter((segment) => !isParam(segment));
  if (isParam(last)) {
    action = { get: 'get', put: 'update', delete: 'delete', post: 'create', patch: 'update' }[verb] ?? verb;
    nouns = literals(segments).map(singular);
    if (nouns.at(-1) === 'email-queue') nouns[nouns.length - 1] = 'email-queue-item';
  } else if (last === 'export.csv' || last === 'lookup' || last === 'bulk' || last === 'import') {
    action = last === 'export.csv' ? 'export' : last;
    if (last === 'export.csv') suffix = 'Csv';
    nouns = literals(segments.slice(0, -1));
    nouns = [...nouns.slice(0, -1).map(singular), ...nouns.slice(-1)];
  } else if (verb === 'post' && segments.length >= 2) {
    // A verb on a record (`/{id}/retry`) or on a collection (`/check`, `/preview`).
    action = camel(last!);
    nouns = literals(segments.slice(0, -1)).map(singular);
    if (isParam(segments.at(-2)) && nouns.at(-1) === 'email-queue')
      nouns[nouns.length - 1] = 'email-queue-item';
  } else {
    action = { get: 'list', post: 'create', put: 'update', delete: 'delete' }[verb] ?? verb;
    const all = literals(segments);
    nouns = verb === 'get' ? [...all.slice(0, -1).map(singular), ...all.slice(-1)] : all.map(singular);
  }
  const words = [scope, ...nouns.map(pascal), suffix].filter(Boolean);
  const id = action + words.join('');
  const readable = nouns.map((noun) => noun.replaceAll('-', ' ')).join(' ');
  const lead = VERB_SUMMARIES[action] ?? sentence(action);
  const caller = scope ? ` (${scope.toLowerCase()} API)` : '';
  return { id, summary: `${lead} ${readable}${caller}`.replace(/\s+/g, ' ').trim() };
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

function pascal(word: string): string {
  return word
    .split(/[-_.]/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');
}

function camel(word: string): string {
  const joined = pascal(word);
  return joined[0]!.toLowerCase() + joined.slice(1);
}

function sentence(action: string): string {
  const words = action.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
}

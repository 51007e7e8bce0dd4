import { z } from 'zod';
import { jsonValueError, jsonValueSchema } from '../json-value.js';
import { isLocale } from '../locales.js';
import type { MessageKey } from '../messages.js';
import { optionColumn, textColumn, updatedAtColumn } from './columns.js';
import type { ResourceDescriptor, SelectOption } from './descriptor.js';
import { oneOf } from './fields.js';

/** Platform settings (`auth/settings`): typed key/value pairs, and two platform-wide actions. */
export const SETTING_TYPES = ['string', 'integer', 'boolean', 'json'] as const;
export type SettingType = (typeof SETTING_TYPES)[number];
export const SETTING_KEY_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
export const MAX_SETTING_STRING_LENGTH = 10_000;

export const settingSchema = z.object({
  key: z.string(),
  type: z.enum(SETTING_TYPES),
  value: z.unknown(),
  is_public: z.boolean(),
  updated_at: z.string(),
});
export type Setting = z.infer<typeof settingSchema>;

const settingBody = {
  type: oneOf(SETTING_TYPES),
  value: jsonValueSchema,
  is_public: z.boolean({ error: 'invalidBoolean' }).optional(),
};

function checkValue(body: { key?: string; type: SettingType; value: unknown }, ctx: z.RefinementCtx) {
  const error = settingValueError(body.type, body.key, body.value);
  if (error) ctx.addIssue({ code: 'custom', message: error, path: ['value'] });
}

export const settingCreateSchema = z
  .strictObject({
    key: z.string({ error: 'required' }).trim().min(1, { error: 'required' }).regex(SETTING_KEY_PATTERN, {
      error: 'invalidKey',
    }),
    ...settingBody,
  })
  .superRefine(checkValue);
export type SettingCreate = z.infer<typeof settingCreateSchema>;

/** The key names the record (`PUT /admin/settings/{key}`), so it is not in the body. */
export const settingUpdateSchema = z.strictObject(settingBody);
export type SettingUpdate = z.infer<typeof settingUpdateSchema>;

/** Why `value` does not fit `type` (and, for `availableLocales`, its shape), or null. */
export function settingValueError(
  type: SettingType,
  key: string | undefined,
  value: unknown,
): MessageKey | null {
  // Every value is stored as jsonb: bounded nesting, no NUL.
  const jsonError = jsonValueError(value);
  if (jsonError) return jsonError;
  switch (type) {
    case 'string':
      if (typeof value !== 'string') return 'invalidType';
      return value.length > MAX_SETTING_STRING_LENGTH ? 'tooLong' : null;
    case 'integer':
      return Number.isSafeInteger(value) ? null : 'mustBeInteger';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'invalidBoolean';
    case 'json':
      if (key === 'availableLocales') return isLocaleMap(value) ? null : 'invalidLocales';
      return JSON.stringify(value).length > MAX_SETTING_STRING_LENGTH ? 'tooLong' : null;
  }
}

function isLocaleMap(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return (
    entries.length > 0 &&
    entries.every(([code, label]) => isLocale(code) && typeof label === 'string' && label.trim() !== '')
  );
}

/** What a settings form typed, turned into the typed value, or the message key of its fault. */
export function parseSettingInput(
  type: SettingType,
  input: string,
): { ok: true; value: unknown } | { ok: false; error: MessageKey } {
  switch (type) {
    case 'string':
      return { ok: true, value: input };
    case 'integer': {
      const trimmed = input.trim();
      if (trimmed === '') return { ok: false, error: 'required' };
      return /^-?\d{1,15}$/.test(trimmed)
        ? { ok: true, value: Number(trimmed) }
        : { ok: false, error: 'mustBeInteger' };
    }
    case 'boolean':
      return input === 'true' || input === 'false'
        ? { ok: true, value: input === 'true' }
        : { ok: false, error: 'invalidBoolean' };
    case 'json':
      if (input.trim() === '') return { ok: false, error: 'required' };
      try {
        return { ok: true, value: JSON.parse(input) };
      } catch {
        return { ok: false, error: 'invalidJson' };
      }
  }
}

/** The typed value as a form shows it for editing. */
export function formatSettingValue(type: SettingType, value: unknown): string {
  if (type === 'json') return JSON.stringify(value, null, 2);
  return value === null || value === undefined ? '' : String(value);
}

const TYPE_OPTIONS: readonly SelectOption[] = SETTING_TYPES.map((value) => ({
  value,
  label: `settings.type.${value}`,
}));
const PUBLIC_OPTIONS: readonly SelectOption[] = [
  { value: true, label: 'common.yes' },
  { value: false, label: 'common.no' },
];

export const settingsResource: ResourceDescriptor = {
  name: 'settings',
  service: 'auth',
  path: '/admin/settings',
  fields: [
    textColumn('key', 'settings.fields.key'),
    optionColumn('type', 'settings.fields.type', TYPE_OPTIONS, true),
    { name: 'value', label: 'settings.fields.value', sortable: false, display: { kind: 'json' } },
    {
      name: 'is_public',
      label: 'settings.fields.is_public',
      sortable: true,
      filter: { type: 'select', options: PUBLIC_OPTIONS },
      display: { kind: 'boolean' },
    },
    updatedAtColumn(),
  ],
  defaultSort: 'key',
  importKey: ['key'],
};

/** `POST /admin/settings/revoke-user-tokens`: every platform user's sign-ins end. */
export const revokeUserTokensResponseSchema = z.object({ message: z.string(), revoked: z.number().int() });
export type RevokeUserTokensResponse = z.infer<typeof revokeUserTokensResponseSchema>;

/** The platform's services that hold an API key. */
export const API_KEY_SERVICES = ['storage', 'chat', 'notification'] as const;
export type ApiKeyService = (typeof API_KEY_SERVICES)[number];

/** `GET /admin/api-keys`: which keys exist, never the keys themselves. */
export const apiKeyInfoSchema = z.object({
  service: z.enum(API_KEY_SERVICES),
  prefix: z.string(),
  created_at: z.string(),
});
export const apiKeysResponseSchema = z.object({ items: z.array(apiKeyInfoSchema) });
export type ApiKeysResponse = z.infer<typeof apiKeysResponseSchema>;

/** `POST /admin/settings/regenerate-api-keys`: the new keys, shown this once and stored hashed. */
export const regenerateApiKeysResponseSchema = z.object({
  message: z.string(),
  keys: z.array(z.object({ service: z.enum(API_KEY_SERVICES), key: z.string(), created_at: z.string() })),
});
export type RegenerateApiKeysResponse = z.infer<typeof regenerateApiKeysResponseSchema>;

/** `GET /auth/service/whoami` with `X-Api-Key`: which service the key belongs to. */
export const serviceIdentitySchema = z.object({ service: z.enum(API_KEY_SERVICES) });

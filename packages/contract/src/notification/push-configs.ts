import { z } from 'zod';
import { optionColumn, textColumn } from '../resources/columns.js';
import type { FormDescriptor, ResourceDescriptor, SelectOption } from '../resources/descriptor.js';
import { nullableText, oneOf, requiredText } from '../resources/fields.js';
import {
  checkProviderConfig,
  configJsonText,
  configSecretsSchema,
  configsResource,
  httpUrl,
  labelledOptions,
  secretInput,
} from './config-fields.js';
import { withoutNulls } from './sms-configs.js';

/** Push configurations (`notification/push-configs`). `firebase` and `fcm` both speak FCM HTTP v1. */
export const PUSH_PROVIDERS = ['fcm', 'firebase', 'apns', 'pusher'] as const;
export type PushProvider = (typeof PUSH_PROVIDERS)[number];

/** Write-only fields: never in a response, a list, an export or a log line. */
export const PUSH_SECRET_FIELDS = ['server_key'] as const;

const fcmSchema = z.strictObject({
  base_url: httpUrl.optional(),
  token_url: httpUrl.optional(),
  /** The service-account JSON, when it is not pasted into server_key. */
  service_account: z.union([z.string().min(1), z.record(z.string(), z.unknown())]).optional(),
});

/**
 * config_json per provider.
 * - fcm / firebase: app_id = the Firebase project id; server_key = the service-account JSON (its
 *   `client_email` and `private_key` sign the OAuth2 JWT); `base_url`, `token_url` override Google's.
 * - apns: app_id = the bundle id (the topic); server_key = the .p8 signing key; `key_id` and `team_id`
 *   required; `base_url` (https://api.push.apple.com, or the sandbox).
 * - pusher (Beams): app_id = the instance id; server_key = the secret key; `base_url` overrides
 *   https://{instance}.pushnotifications.pusher.com.
 */
export const PUSH_CONFIG_JSON_SCHEMAS: Record<PushProvider, z.ZodType> = {
  fcm: fcmSchema,
  firebase: fcmSchema,
  apns: z.strictObject({
    key_id: z.string().regex(/^[A-Z0-9]{10}$/),
    team_id: z.string().regex(/^[A-Z0-9]{10}$/),
    base_url: httpUrl.optional(),
    private_key: z.string().min(1).optional(),
  }),
  pusher: z.strictObject({ base_url: httpUrl.optional() }),
};

/** Keys of config_json that are secrets: stored sealed, never answered (only their names). */
export const PUSH_CONFIG_SECRET_KEYS: Record<PushProvider, readonly string[]> = {
  fcm: ['service_account'],
  firebase: ['service_account'],
  apns: ['private_key'],
  pusher: [],
};

export const pushConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  provider: z.enum(PUSH_PROVIDERS),
  server_key_set: z.boolean(),
  app_id: z.string().nullable(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  config_json: z.record(z.string(), z.unknown()),
  config_secrets: configSecretsSchema,
  template_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PushConfig = z.infer<typeof pushConfigSchema>;

export const pushConfigWriteSchema = z
  .strictObject({
    name: requiredText(100),
    provider: oneOf(PUSH_PROVIDERS),
    server_key: secretInput,
    app_id: nullableText(255),
    is_active: z.boolean({ error: 'invalidBoolean' }),
    is_default: z.boolean({ error: 'invalidBoolean' }),
    config_json: configJsonText,
  })
  .superRefine((body, ctx) => {
    if (body.is_default && !body.is_active)
      ctx.addIssue({ code: 'custom', path: ['is_active'], message: 'defaultMustBeActive' });
    const schema = PUSH_CONFIG_JSON_SCHEMAS[body.provider];
    if (schema) checkProviderConfig(schema, withoutNulls(body.config_json), ctx);
  });
export type PushConfigWrite = z.infer<typeof pushConfigWriteSchema>;

export const PUSH_PROVIDER_OPTIONS: readonly SelectOption[] = labelledOptions(PUSH_PROVIDERS, 'provider');

export const pushConfigsResource: ResourceDescriptor = configsResource(
  'push-configs',
  [
    optionColumn('provider', 'notifications.configs.fields.provider', PUSH_PROVIDER_OPTIONS, true),
    textColumn('app_id', 'notifications.configs.fields.app_id'),
  ],
  PUSH_SECRET_FIELDS,
);

export const pushConfigForm: FormDescriptor<typeof pushConfigWriteSchema, typeof pushConfigWriteSchema> = {
  fields: [
    { name: 'name', label: 'notifications.configs.fields.name', input: { kind: 'text' }, required: true },
    {
      name: 'provider',
      label: 'notifications.configs.fields.provider',
      input: { kind: 'select', options: PUSH_PROVIDER_OPTIONS },
      required: true,
    },
    {
      name: 'app_id',
      label: 'notifications.configs.fields.app_id',
      input: { kind: 'text' },
      hint: 'notifications.configs.hints.app_id',
    },
    {
      name: 'server_key',
      label: 'notifications.configs.fields.server_key',
      input: { kind: 'secret', multiline: true },
      secret: true,
      hint: 'notifications.configs.hints.server_key',
    },
    { name: 'is_active', label: 'notifications.configs.fields.is_active', input: { kind: 'switch' } },
    { name: 'is_default', label: 'notifications.configs.fields.is_default', input: { kind: 'switch' } },
    {
      name: 'config_json',
      label: 'notifications.configs.fields.config_json',
      input: { kind: 'json' },
      hint: 'notifications.configs.hints.push_config_json',
    },
  ],
  createSchema: pushConfigWriteSchema,
  updateSchema: pushConfigWriteSchema,
};

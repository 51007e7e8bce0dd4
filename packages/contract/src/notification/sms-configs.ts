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
  isE164,
  labelledOptions,
  secretInput,
} from './config-fields.js';

/** SMS configurations (`notification/sms-configs`). */
export const SMS_PROVIDERS = ['twilio', 'nexmo', 'aws_sns'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];

/** Write-only fields: never in a response, a list, an export or a log line. */
export const SMS_SECRET_FIELDS = ['api_secret'] as const;

/**
 * config_json per provider. `base_url` points the adapter elsewhere (a regional edge, a test server).
 * - twilio: api_key = Account SID, api_secret = Auth Token; `messaging_service_sid` may replace the number.
 * - nexmo (Vonage SMS API): api_key, api_secret as in the Vonage dashboard.
 * - aws_sns: api_key = access key id, api_secret = secret access key; `region` required; `session_token`
 *   (temporary credentials) is a secret kept sealed.
 */
export const SMS_CONFIG_JSON_SCHEMAS: Record<SmsProvider, z.ZodType> = {
  twilio: z.strictObject({
    base_url: httpUrl.optional(),
    messaging_service_sid: z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/)
      .optional(),
  }),
  nexmo: z.strictObject({ base_url: httpUrl.optional() }),
  aws_sns: z.strictObject({
    region: z.string().regex(/^[a-z]{2}(-[a-z]+)+-\d$/),
    base_url: httpUrl.optional(),
    session_token: z.string().min(1).optional(),
    sms_type: z.enum(['Transactional', 'Promotional']).optional(),
  }),
};

/** Keys of config_json that are secrets: stored sealed, never answered (only their names). */
export const SMS_CONFIG_SECRET_KEYS: Record<SmsProvider, readonly string[]> = {
  twilio: [],
  nexmo: [],
  aws_sns: ['session_token'],
};

export const smsConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  provider: z.enum(SMS_PROVIDERS),
  api_key: z.string().nullable(),
  api_secret_set: z.boolean(),
  from_number: z.string().nullable(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  config_json: z.record(z.string(), z.unknown()),
  config_secrets: configSecretsSchema,
  template_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SmsConfig = z.infer<typeof smsConfigSchema>;

export const smsConfigWriteSchema = z
  .strictObject({
    name: requiredText(100),
    provider: oneOf(SMS_PROVIDERS),
    api_key: nullableText(255),
    api_secret: secretInput,
    from_number: nullableText(20).refine((value) => value == null || isE164(value), {
      error: 'phoneE164',
    }),
    is_active: z.boolean({ error: 'invalidBoolean' }),
    is_default: z.boolean({ error: 'invalidBoolean' }),
    config_json: configJsonText,
  })
  .superRefine((body, ctx) => {
    if (body.is_default && !body.is_active)
      ctx.addIssue({ code: 'custom', path: ['is_active'], message: 'defaultMustBeActive' });
    const schema = SMS_CONFIG_JSON_SCHEMAS[body.provider];
    if (schema) checkProviderConfig(schema, withoutNulls(body.config_json), ctx);
  });
export type SmsConfigWrite = z.infer<typeof smsConfigWriteSchema>;

/** A null secret key in config_json means "clear it": the provider schema sees it as absent. */
export function withoutNulls(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null));
}

export const SMS_PROVIDER_OPTIONS: readonly SelectOption[] = labelledOptions(SMS_PROVIDERS, 'provider');

export const smsConfigsResource: ResourceDescriptor = configsResource(
  'sms-configs',
  [
    optionColumn('provider', 'notifications.configs.fields.provider', SMS_PROVIDER_OPTIONS, true),
    textColumn('from_number', 'notifications.configs.fields.from_number'),
  ],
  SMS_SECRET_FIELDS,
);

export const smsConfigForm: FormDescriptor<typeof smsConfigWriteSchema, typeof smsConfigWriteSchema> = {
  fields: [
    { name: 'name', label: 'notifications.configs.fields.name', input: { kind: 'text' }, required: true },
    {
      name: 'provider',
      label: 'notifications.configs.fields.provider',
      input: { kind: 'select', options: SMS_PROVIDER_OPTIONS },
      required: true,
    },
    { name: 'api_key', label: 'notifications.configs.fields.api_key', input: { kind: 'text' } },
    {
      name: 'api_secret',
      label: 'notifications.configs.fields.api_secret',
      input: { kind: 'secret' },
      secret: true,
    },
    {
      name: 'from_number',
      label: 'notifications.configs.fields.from_number',
      input: { kind: 'text' },
      hint: 'notifications.configs.hints.from_number',
    },
    { name: 'is_active', label: 'notifications.configs.fields.is_active', input: { kind: 'switch' } },
    { name: 'is_default', label: 'notifications.configs.fields.is_default', input: { kind: 'switch' } },
    {
      name: 'config_json',
      label: 'notifications.configs.fields.config_json',
      input: { kind: 'json' },
      hint: 'notifications.configs.hints.sms_config_json',
    },
  ],
  createSchema: smsConfigWriteSchema,
  updateSchema: smsConfigWriteSchema,
};

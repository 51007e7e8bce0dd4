import { z } from 'zod';
import { optionColumn, textColumn } from '../resources/columns.js';
import type { FormDescriptor, ResourceDescriptor, SelectOption } from '../resources/descriptor.js';
import { emailText, nullableText, oneOf, requiredText } from '../resources/fields.js';
import {
  checkProviderConfig,
  configJsonText,
  configSecretsSchema,
  configsResource,
  labelledOptions,
  secretInput,
} from './config-fields.js';

/** SMTP configurations (`notification/smtp-configs`); the default active one carries the platform's mail. */
export const SMTP_ENCRYPTIONS = ['none', 'tls', 'ssl'] as const;
export type SmtpEncryption = (typeof SMTP_ENCRYPTIONS)[number];

/** Write-only fields: never in a response, a list, an export or a log line. */
export const SMTP_SECRET_FIELDS = ['password'] as const;
/** SMTP keeps no secret inside config_json. */
export const SMTP_CONFIG_SECRET_KEYS: readonly string[] = [];

/** config_json of an SMTP configuration: optional fine-tuning of the connection. */
export const smtpConfigJsonSchema = z.strictObject({
  /** The name announced in EHLO (the machine's host name by default). */
  helo_name: z.string().max(255).optional(),
  /** False accepts a self-signed certificate (a test relay); true by default. */
  tls_reject_unauthorized: z.boolean().optional(),
  connection_timeout_ms: z.number().int().min(1000).max(60_000).optional(),
});

export const smtpConfigSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  host: z.string(),
  port: z.number().int(),
  username: z.string().nullable(),
  /** Whether a password is stored; the password itself is never sent. */
  password_set: z.boolean(),
  encryption: z.enum(SMTP_ENCRYPTIONS),
  from_address: z.string(),
  from_name: z.string().nullable(),
  is_active: z.boolean(),
  is_default: z.boolean(),
  config_json: z.record(z.string(), z.unknown()),
  config_secrets: configSecretsSchema,
  /** Templates that send through this configuration by name. */
  template_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SmtpConfig = z.infer<typeof smtpConfigSchema>;

const HOST_PATTERN = /^[A-Za-z0-9.-]+$|^\[[0-9A-Fa-f:.]+\]$/;

const smtpConfigShape = {
  name: requiredText(100),
  host: requiredText(255).refine((value) => HOST_PATTERN.test(value), { error: 'hostInvalid' }),
  port: z
    .number({ error: 'mustBeInteger' })
    .int({ error: 'mustBeInteger' })
    .min(1, { error: 'portInvalid' })
    .max(65_535, { error: 'portInvalid' }),
  username: nullableText(255),
  password: secretInput,
  encryption: oneOf(SMTP_ENCRYPTIONS),
  from_address: emailText,
  from_name: nullableText(100),
  is_active: z.boolean({ error: 'invalidBoolean' }),
  is_default: z.boolean({ error: 'invalidBoolean' }),
  config_json: configJsonText,
};

export const smtpConfigWriteSchema = z.strictObject(smtpConfigShape).superRefine((body, ctx) => {
  if (body.is_default && !body.is_active)
    ctx.addIssue({ code: 'custom', path: ['is_active'], message: 'defaultMustBeActive' });
  checkProviderConfig(smtpConfigJsonSchema, body.config_json, ctx);
});
export type SmtpConfigWrite = z.infer<typeof smtpConfigWriteSchema>;

export const SMTP_ENCRYPTION_OPTIONS: readonly SelectOption[] = labelledOptions(
  SMTP_ENCRYPTIONS,
  'encryption',
);

export const smtpConfigsResource: ResourceDescriptor = configsResource(
  'smtp-configs',
  [
    textColumn('host', 'notifications.configs.fields.host'),
    {
      name: 'port',
      label: 'notifications.configs.fields.port',
      sortable: true,
      filter: { type: 'number' },
      display: { kind: 'text' },
    },
    optionColumn('encryption', 'notifications.configs.fields.encryption', SMTP_ENCRYPTION_OPTIONS, true),
    textColumn('from_address', 'notifications.configs.fields.from_address'),
  ],
  SMTP_SECRET_FIELDS,
);

export const smtpConfigForm: FormDescriptor<typeof smtpConfigWriteSchema, typeof smtpConfigWriteSchema> = {
  fields: [
    { name: 'name', label: 'notifications.configs.fields.name', input: { kind: 'text' }, required: true },
    { name: 'host', label: 'notifications.configs.fields.host', input: { kind: 'text' }, required: true },
    {
      name: 'port',
      label: 'notifications.configs.fields.port',
      input: { kind: 'integer' },
      required: true,
      hint: 'notifications.configs.hints.port',
    },
    {
      name: 'encryption',
      label: 'notifications.configs.fields.encryption',
      input: { kind: 'select', options: SMTP_ENCRYPTION_OPTIONS },
      required: true,
    },
    { name: 'username', label: 'notifications.configs.fields.username', input: { kind: 'text' } },
    {
      name: 'password',
      label: 'notifications.configs.fields.password',
      input: { kind: 'secret' },
      secret: true,
    },
    {
      name: 'from_address',
      label: 'notifications.configs.fields.from_address',
      input: { kind: 'text' },
      required: true,
    },
    { name: 'from_name', label: 'notifications.configs.fields.from_name', input: { kind: 'text' } },
    { name: 'is_active', label: 'notifications.configs.fields.is_active', input: { kind: 'switch' } },
    { name: 'is_default', label: 'notifications.configs.fields.is_default', input: { kind: 'switch' } },
    { name: 'config_json', label: 'notifications.configs.fields.config_json', input: { kind: 'json' } },
  ],
  createSchema: smtpConfigWriteSchema,
  updateSchema: smtpConfigWriteSchema,
};

import { z } from 'zod';
import { jsonValueError } from '../json-value.js';
import {
  createdAtColumn,
  idColumn,
  optionColumn,
  textColumn,
  updatedAtColumn,
} from '../resources/columns.js';
import type { FieldDescriptor, ResourceDescriptor, SelectOption } from '../resources/descriptor.js';

/**
 * Pieces shared by the three delivery configurations (SMTP, SMS, push).
 *
 * A secret (a password, an API secret, a server key, a secret key inside config_json) is write-only:
 * a request may set it, keep it or clear it, and a response only says whether it is set.
 * - a non-empty string sets it;
 * - `''` or an absent field keeps what is stored (an edit form that leaves it empty);
 * - `null` clears it (the form's "clear" control).
 */
export const MAX_SECRET_LENGTH = 16_000;

export const secretInput = z
  .union([z.string({ error: 'invalidType' }).max(MAX_SECRET_LENGTH, { error: 'tooLong' }), z.null()], {
    error: 'invalidType',
  })
  .transform((value) => (value === '' ? undefined : value))
  .optional();
export type SecretInput = z.infer<typeof secretInput>;

/** An absolute http(s) URL (a provider's base URL). */
export const httpUrl = z
  .string({ error: 'invalidType' })
  .max(500, { error: 'tooLong' })
  .refine((value) => /^https?:\/\/[^\s/?#]+/i.test(value) && URL.canParse(value), { error: 'urlInvalid' });

/** E.164: a plus, a country code and up to 15 digits in all. */
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;
export const isE164 = (value: string) => E164_PATTERN.test(value);

/** config_json arrives as an object (API) or as the form's text: parsed, or 'Invalid JSON format'. */
export const configJsonText = z.preprocess(
  (value, ctx) => {
    if (value === undefined || value === null) return {};
    if (typeof value !== 'string') return value;
    if (value.trim() === '') return {};
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'invalidJson', input: value });
      return z.NEVER;
    }
  },
  z.record(z.string(), z.unknown(), { error: 'configJsonNotObject' }).superRefine((value, ctx) => {
    const error = jsonValueError(value);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  }),
);

/**
 * Checks config_json against a provider's schema, reporting each problem under `config_json`
 * (the form shows one field): unknown keys, missing keys, bad values.
 */
export function checkProviderConfig(
  schema: z.ZodType,
  value: Record<string, unknown>,
  ctx: z.RefinementCtx,
): void {
  const result = schema.safeParse(value);
  if (result.success) return;
  const seen = new Set<string>();
  for (const issue of result.error.issues) {
    const message =
      issue.code === 'unrecognized_keys'
        ? 'configKeyUnknown'
        : issue.code === 'invalid_type' && issue.input === undefined
          ? 'configKeyRequired'
          : issue.message === 'urlInvalid'
            ? 'urlInvalid'
            : 'configValueInvalid';
    if (seen.has(message)) continue;
    seen.add(message);
    ctx.addIssue({ code: 'custom', path: ['config_json'], message });
  }
}

/** What a response says about a configuration's secrets. */
export const secretStateSchema = z.boolean();

/** The keys of config_json that hold secrets and are stored sealed (names per provider). */
export const configSecretsSchema = z.array(z.string());

export const ACTIVE_OPTIONS: readonly SelectOption[] = [
  { value: true, label: 'common.yes' },
  { value: false, label: 'common.no' },
];

/** `POST <config path>/check` and `/send-test`: a stored configuration, or typed values being edited. */
export const configTestResultSchema = z.object({
  ok: z.boolean(),
  /** The server's or provider's own answer (a greeting, an error text). */
  message: z.string(),
});
export type ConfigTestResult = z.infer<typeof configTestResultSchema>;

/** A configuration select's options (providers, encryptions): each value labelled in `group`. */
export function labelledOptions(values: readonly string[], group: string): readonly SelectOption[] {
  return values.map((value) => ({ value, label: `notifications.configs.${group}.${value}` }));
}

/**
 * The list of one configuration kind: id and name, the kind's own columns, then the flags and times
 * every kind shares. Secrets are declared write-only, so no list or export ever carries them.
 */
export function configsResource(
  name: 'smtp-configs' | 'sms-configs' | 'push-configs',
  ownColumns: readonly FieldDescriptor[],
  writeOnlyFields: readonly string[],
): ResourceDescriptor {
  return {
    name,
    service: 'notification',
    path: `/admin/${name}`,
    fields: [
      idColumn(),
      textColumn('name', 'notifications.configs.fields.name'),
      ...ownColumns,
      optionColumn('is_active', 'notifications.configs.fields.is_active', ACTIVE_OPTIONS, true),
      optionColumn('is_default', 'notifications.configs.fields.is_default', ACTIVE_OPTIONS, true),
      createdAtColumn(),
      updatedAtColumn(),
    ],
    writeOnlyFields,
    defaultSort: 'name',
  };
}

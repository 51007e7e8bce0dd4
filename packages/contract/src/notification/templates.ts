import { z } from 'zod';
import { LOCALES } from '../locales.js';
import {
  createdAtColumn,
  idColumn,
  optionColumn,
  textColumn,
  updatedAtColumn,
} from '../resources/columns.js';
import type { FormDescriptor, ResourceDescriptor, SelectOption } from '../resources/descriptor.js';
import { emailText, nullableId, nullableText, oneOf, requiredText } from '../resources/fields.js';
import { variablesInput, variablesSchema } from './json-variables.js';

/** Templates (`notification/templates`): one content serves every language through `{t:group.key}`. */
export const TEMPLATE_TYPES = ['email', 'push', 'sms'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];
export const TEMPLATE_NAME_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
export const TEMPLATE_PRIORITY_MAX = 100;
export const MAX_TEMPLATE_CONTENT_LENGTH = 200_000;

/** Templates the platform itself sends: they cannot be deleted, renamed, deactivated or retyped. */
export const SYSTEM_TEMPLATES = [
  'password-recovery',
  'mfa-reset',
  'admin-invitation',
  'report-delivery',
] as const;

export const templateSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  subject: z.string().nullable(),
  content: z.string(),
  email_config_id: z.number().int().nullable(),
  email_config_name: z.string().nullable(),
  /** The SMS or push configuration an sms or push template goes through; null means the default one. */
  sms_config_id: z.number().int().nullable(),
  push_config_id: z.number().int().nullable(),
  priority: z.number().int(),
  is_active: z.boolean(),
  sample_variables: z.record(z.string(), z.unknown()),
  is_system: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const templateWriteSchema = z
  .strictObject({
    name: requiredText(100).regex(TEMPLATE_NAME_PATTERN, { error: 'invalidKey' }),
    type: oneOf(TEMPLATE_TYPES),
    subject: nullableText(255),
    content: requiredText(MAX_TEMPLATE_CONTENT_LENGTH),
    email_config_id: nullableId,
    sms_config_id: nullableId,
    push_config_id: nullableId,
    priority: z
      .number({ error: 'mustBeInteger' })
      .int({ error: 'mustBeInteger' })
      .min(0, { error: 'invalidValue' })
      .max(TEMPLATE_PRIORITY_MAX, { error: 'invalidValue' }),
    is_active: z.boolean({ error: 'invalidBoolean' }),
    sample_variables: variablesInput.optional(),
  })
  .superRefine((body, ctx) => {
    // An e-mail needs a subject; push and SMS have none.
    if (body.type === 'email' && !body.subject) {
      ctx.addIssue({ code: 'custom', path: ['subject'], message: 'required' });
    }
  });
export type TemplateWrite = z.infer<typeof templateWriteSchema>;

export const TEMPLATE_TYPE_OPTIONS: readonly SelectOption[] = TEMPLATE_TYPES.map((value) => ({
  value,
  label: `notifications.templates.type.${value}`,
}));
const ACTIVE_OPTIONS: readonly SelectOption[] = [
  { value: true, label: 'common.yes' },
  { value: false, label: 'common.no' },
];

export const templatesResource: ResourceDescriptor = {
  name: 'templates',
  service: 'notification',
  path: '/admin/templates',
  fields: [
    idColumn(),
    textColumn('name', 'notifications.templates.fields.name'),
    optionColumn('type', 'notifications.templates.fields.type', TEMPLATE_TYPE_OPTIONS, true),
    textColumn('subject', 'notifications.templates.fields.subject'),
    {
      name: 'priority',
      label: 'notifications.templates.fields.priority',
      sortable: true,
      filter: { type: 'number' },
      display: { kind: 'text' },
    },
    optionColumn('is_active', 'notifications.templates.fields.is_active', ACTIVE_OPTIONS, true),
    createdAtColumn(),
    updatedAtColumn(),
  ],
  defaultSort: 'name',
  importKey: ['name'],
};

export const templateForm: FormDescriptor<typeof templateWriteSchema, typeof templateWriteSchema> = {
  fields: [
    { name: 'name', label: 'notifications.templates.fields.name', input: { kind: 'text' }, required: true },
    {
      name: 'type',
      label: 'notifications.templates.fields.type',
      input: { kind: 'select', options: TEMPLATE_TYPE_OPTIONS },
      required: true,
    },
    { name: 'subject', label: 'notifications.templates.fields.subject', input: { kind: 'text' } },
    {
      name: 'priority',
      label: 'notifications.templates.fields.priority',
      input: { kind: 'integer' },
      required: true,
    },
    {
      name: 'email_config_id',
      label: 'notifications.templates.fields.email_config_id',
      input: { kind: 'lookup', lookup: 'smtpConfigs' },
    },
    {
      name: 'sms_config_id',
      label: 'notifications.templates.fields.sms_config_id',
      input: { kind: 'lookup', lookup: 'smsConfigs' },
    },
    {
      name: 'push_config_id',
      label: 'notifications.templates.fields.push_config_id',
      input: { kind: 'lookup', lookup: 'pushConfigs' },
    },
    { name: 'is_active', label: 'notifications.templates.fields.is_active', input: { kind: 'switch' } },
    {
      name: 'content',
      label: 'notifications.templates.fields.content',
      input: { kind: 'code' },
      required: true,
    },
    {
      name: 'sample_variables',
      label: 'notifications.templates.fields.sample_variables',
      input: { kind: 'json' },
    },
  ],
  createSchema: templateWriteSchema,
  updateSchema: templateWriteSchema,
};

/** `POST /admin/templates/preview`: the form's current texts rendered in every language. */
export const templatePreviewRequestSchema = z.strictObject({
  /** The template's name: a system template's server-made HTML variables preview their sample as HTML. */
  name: z.string({ error: 'invalidType' }).max(100, { error: 'tooLong' }).optional(),
  type: oneOf(TEMPLATE_TYPES),
  subject: z.string({ error: 'invalidType' }).max(255, { error: 'tooLong' }).nullable().optional(),
  content: z.string({ error: 'invalidType' }).max(MAX_TEMPLATE_CONTENT_LENGTH, { error: 'tooLong' }),
  sample_variables: variablesInput.optional(),
});
export type TemplatePreviewRequest = z.infer<typeof templatePreviewRequestSchema>;

export const renderedMessageSchema = z.object({
  subject: z.string().nullable(),
  /** HTML of an e-mail; null for push and SMS. */
  html: z.string().nullable(),
  text: z.string(),
});
export type RenderedMessage = z.infer<typeof renderedMessageSchema>;

export const templatePreviewSchema = z.object({
  variables: z.array(z.string()),
  translations: z.array(z.object({ ref: z.string(), exists: z.boolean() })),
  /** Variables the content uses that the sample lacks (rendered empty in the preview). */
  missingVariables: z.array(z.string()),
  renders: z.array(z.object({ locale: z.enum(LOCALES), message: renderedMessageSchema })),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

/** `POST /admin/templates/{id}/send-test`: the saved template, with its sample variables, to one address. */
export const templateTestRequestSchema = z.strictObject({
  to: emailText,
  language: oneOf(LOCALES).optional(),
});
export type TemplateTestRequest = z.infer<typeof templateTestRequestSchema>;

export { variablesSchema };

import { z } from 'zod';
import { LOCALES, type Locale } from '../locales.js';
import { createdAtColumn, idColumn, textColumn, updatedAtColumn } from '../resources/columns.js';
import type { FormDescriptor, ResourceDescriptor } from '../resources/descriptor.js';
import { nullableText, requiredText } from '../resources/fields.js';

/**
 * Translations (`notification/translations`): a text per language under a group and a key, used by
 * templates as `{t:group.key_name}`. Stored by locale code; the spec calls the languages "ua" and "en".
 */
export const TRANSLATION_GROUP_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const TRANSLATION_KEY_PATTERN = /^[A-Za-z0-9_.-]{1,150}$/;
export const MAX_TRANSLATION_LENGTH = 20_000;

/** The item field that carries each language's text. */
export const TRANSLATION_VALUE_FIELDS = {
  'uk-UA': 'value_uk',
  'en-US': 'value_en',
} as const satisfies Record<Locale, string>;

export const translationSchema = z.object({
  id: z.number().int(),
  group: z.string(),
  key_name: z.string(),
  value_uk: z.string().nullable(),
  value_en: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Translation = z.infer<typeof translationSchema>;

export const translationWriteSchema = z.strictObject({
  group: requiredText(100).regex(TRANSLATION_GROUP_PATTERN, { error: 'invalidGroup' }),
  key_name: requiredText(150).regex(TRANSLATION_KEY_PATTERN, { error: 'invalidKey' }),
  value_uk: nullableText(MAX_TRANSLATION_LENGTH),
  value_en: nullableText(MAX_TRANSLATION_LENGTH),
});
export type TranslationWrite = z.infer<typeof translationWriteSchema>;

const LANGUAGE_OPTIONS = LOCALES.map((value) => ({
  value,
  label: `notifications.translations.language.${value}`,
}));

export const translationsResource: ResourceDescriptor = {
  name: 'translations',
  service: 'notification',
  path: '/admin/translations',
  fields: [
    idColumn(),
    textColumn('group', 'notifications.translations.fields.group'),
    textColumn('key_name', 'notifications.translations.fields.key_name'),
    textColumn('value_uk', 'notifications.translations.fields.value_uk'),
    textColumn('value_en', 'notifications.translations.fields.value_en'),
    // Filters without a column of their own: the screen shows them above the table.
    {
      name: 'text',
      label: 'notifications.translations.fields.text',
      sortable: false,
      filter: { type: 'text' },
      display: { kind: 'text' },
    },
    {
      name: 'missing',
      label: 'notifications.translations.fields.missing',
      sortable: false,
      filter: { type: 'select', options: LANGUAGE_OPTIONS },
      display: { kind: 'text' },
    },
    createdAtColumn(),
    updatedAtColumn(),
  ],
  defaultSort: 'group,key_name',
  importKey: ['group', 'key_name'],
};

export const translationForm: FormDescriptor<typeof translationWriteSchema, typeof translationWriteSchema> = {
  fields: [
    {
      name: 'group',
      label: 'notifications.translations.fields.group',
      input: { kind: 'text' },
      required: true,
    },
    {
      name: 'key_name',
      label: 'notifications.translations.fields.key_name',
      input: { kind: 'text' },
      required: true,
    },
    { name: 'value_uk', label: 'notifications.translations.fields.value_uk', input: { kind: 'textarea' } },
    { name: 'value_en', label: 'notifications.translations.fields.value_en', input: { kind: 'textarea' } },
  ],
  createSchema: translationWriteSchema,
  updateSchema: translationWriteSchema,
};

/** `GET /admin/translations/completeness`: how many entries have a text in each language. */
export const translationCompletenessSchema = z.object({
  total: z.number().int(),
  locales: z.array(
    z.object({ locale: z.enum(LOCALES), filled: z.number().int(), missing: z.number().int() }),
  ),
});
export type TranslationCompleteness = z.infer<typeof translationCompletenessSchema>;

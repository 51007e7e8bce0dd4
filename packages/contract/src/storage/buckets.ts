import { z } from 'zod';
import { createdAtColumn, idColumn, optionColumn, textColumn } from '../resources/columns.js';
import type {
  FieldDescriptor,
  FormDescriptor,
  ResourceDescriptor,
  SelectOption,
} from '../resources/descriptor.js';
import { oneOf, requiredText } from '../resources/fields.js';
import { GROUP_PATTERN } from '../resources/people.js';

/** Buckets (`storage/buckets`, spec §3): where files live and the rules an upload must meet. */
export const BUCKET_ACCESS = ['public', 'private'] as const;
export type BucketAccess = (typeof BUCKET_ACCESS)[number];

export const BUCKET_NAME_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61})[a-z0-9]$/;
export const EXTENSION_PATTERN = /^[a-z0-9]{1,20}$/;
export const MIME_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/(?:\*|[a-z0-9][a-z0-9!#$&^_.+-]{0,126})$/;
export const SIZE_LIMIT_MB = { min: 1, max: 10_240 } as const;
export const PRESIGN_EXPIRY_SECONDS = { min: 60, max: 604_800 } as const;
const MAX_RULES = 100;

export const bucketSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  access: z.enum(BUCKET_ACCESS),
  /** The largest single file the bucket accepts. */
  size_limit_mb: z.number().int(),
  presign_expiry_seconds: z.number().int(),
  allowed_extensions: z.array(z.string()),
  allowed_mimes: z.array(z.string()),
  groups: z.array(z.string()),
  file_count: z.number().int(),
  bytes_used: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Bucket = z.infer<typeof bucketSchema>;

const boundedInteger = (
  bounds: { min: number; max: number },
  error: 'sizeLimitRange' | 'presignExpiryRange',
) => z.number({ error }).int({ error }).min(bounds.min, { error }).max(bounds.max, { error });

/** A list of rule words, each normalised (trimmed, lower case) and checked; duplicates dropped. */
const ruleList = (
  pattern: RegExp,
  error: 'extensionInvalid' | 'mimeInvalid' | 'invalidValue',
  dropDot = false,
) =>
  z
    .array(
      z
        .string({ error })
        .trim()
        .toLowerCase()
        .transform((value) => (dropDot ? value.replace(/^\./, '') : value))
        .pipe(z.string().regex(pattern, { error })),
      { error: 'invalidValue' },
    )
    .max(MAX_RULES, { error: 'tooLong' })
    .transform((values) => [...new Set(values)]);

const bucketRulesShape = {
  access: oneOf(BUCKET_ACCESS),
  size_limit_mb: boundedInteger(SIZE_LIMIT_MB, 'sizeLimitRange'),
  presign_expiry_seconds: boundedInteger(PRESIGN_EXPIRY_SECONDS, 'presignExpiryRange'),
  allowed_extensions: ruleList(EXTENSION_PATTERN, 'extensionInvalid', true).optional(),
  allowed_mimes: ruleList(MIME_PATTERN, 'mimeInvalid').optional(),
  groups: ruleList(GROUP_PATTERN, 'invalidValue').optional(),
};

export const bucketCreateSchema = z.strictObject({
  name: requiredText(63).regex(BUCKET_NAME_PATTERN, { error: 'bucketNameInvalid' }),
  ...bucketRulesShape,
});
export type BucketCreate = z.infer<typeof bucketCreateSchema>;

/** The name is fixed once created: public links and stored references use it. */
export const bucketUpdateSchema = z.strictObject(bucketRulesShape);
export type BucketUpdate = z.infer<typeof bucketUpdateSchema>;

export const ACCESS_OPTIONS: readonly SelectOption[] = BUCKET_ACCESS.map((value) => ({
  value,
  label: `storage.access.${value}`,
}));

const tagsColumn = (name: string, filtered = false): FieldDescriptor => ({
  name,
  label: `storage.fields.${name}`,
  sortable: false,
  ...(filtered ? { filter: { type: 'text' } } : {}),
  display: { kind: 'tags' },
});

const numberColumn = (name: string, kind: 'text' | 'bytes' = 'text'): FieldDescriptor => ({
  name,
  label: `storage.fields.${name}`,
  sortable: true,
  display: { kind },
});

export const bucketsResource: ResourceDescriptor = {
  name: 'storageBuckets',
  service: 'storage',
  path: '/admin/buckets',
  fields: [
    idColumn(),
    textColumn('name', 'storage.fields.name'),
    optionColumn('access', 'storage.fields.access', ACCESS_OPTIONS, true),
    numberColumn('file_count'),
    numberColumn('bytes_used', 'bytes'),
    numberColumn('size_limit_mb'),
    numberColumn('presign_expiry_seconds'),
    tagsColumn('allowed_extensions'),
    tagsColumn('allowed_mimes'),
    tagsColumn('groups', true),
    createdAtColumn(),
  ],
  defaultSort: 'name',
  importKey: ['name'],
};

export const bucketForm: FormDescriptor<typeof bucketCreateSchema, typeof bucketUpdateSchema> = {
  fields: [
    { name: 'name', label: 'storage.fields.name', input: { kind: 'text' }, required: true, createOnly: true },
    {
      name: 'access',
      label: 'storage.fields.access',
      input: { kind: 'select', options: ACCESS_OPTIONS },
      required: true,
    },
    {
      name: 'size_limit_mb',
      label: 'storage.fields.size_limit_mb',
      input: { kind: 'integer' },
      required: true,
    },
    {
      name: 'presign_expiry_seconds',
      label: 'storage.fields.presign_expiry_seconds',
      input: { kind: 'integer' },
      required: true,
    },
    { name: 'allowed_extensions', label: 'storage.fields.allowed_extensions', input: { kind: 'tags' } },
    { name: 'allowed_mimes', label: 'storage.fields.allowed_mimes', input: { kind: 'tags' } },
    { name: 'groups', label: 'storage.fields.groups', input: { kind: 'tags' } },
  ],
  createSchema: bucketCreateSchema,
  updateSchema: bucketUpdateSchema,
};

/** Defaults of a new bucket in the panel's form. */
export const NEW_BUCKET_DEFAULTS = {
  access: 'private',
  size_limit_mb: 50,
  presign_expiry_seconds: 3600,
} as const;

/** `?confirm_files=N`: deleting a bucket that holds N files deletes them too. */
export const bucketDeleteQuerySchema = z.strictObject({
  confirm_files: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'invalidValue' })
    .transform(Number)
    .optional(),
});

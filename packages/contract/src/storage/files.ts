import { z } from 'zod';
import { createdAtColumn, referenceColumn, textColumn, updatedAtColumn } from '../resources/columns.js';
import type { FieldDescriptor, ResourceDescriptor } from '../resources/descriptor.js';

/** Files (`storage/files`, spec §3) and the platform's own file API (`/files`). */
export const fileSchema = z.object({
  uuid: z.string(),
  bucket_id: z.number().int(),
  bucket_name: z.string(),
  path: z.string(),
  size: z.number().int(),
  /** Sniffed from the content at upload; never what the client claimed. */
  mime_type: z.string(),
  /** The platform user who owns the file; null for files an administrator or a service uploaded for nobody. */
  owner_uid: z.string().nullable(),
  owner_email: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorageFile = z.infer<typeof fileSchema>;

/** What platform users and services see of a file. */
export const platformFileSchema = fileSchema
  .omit({ bucket_id: true, bucket_name: true, owner_email: true })
  .extend({
    bucket: z.string(),
  });
export type PlatformFile = z.infer<typeof platformFileSchema>;

/** A download link: presigned (expires) for a private bucket, stable (`expires_at` null) for a public one. */
export const fileUrlSchema = z.object({ url: z.string(), expires_at: z.number().int().nullable() });
export type FileUrl = z.infer<typeof fileUrlSchema>;

export const FILE_DISPOSITIONS = ['attachment', 'inline'] as const;
export type FileDisposition = (typeof FILE_DISPOSITIONS)[number];
export const fileUrlQuerySchema = z.strictObject({
  disposition: z.enum(FILE_DISPOSITIONS, { error: 'invalidOption' }).optional(),
});

const sizeColumn = (): FieldDescriptor => ({
  name: 'size',
  label: 'storage.fields.size',
  sortable: true,
  display: { kind: 'bytes' },
});

const plainColumn = (name: string): FieldDescriptor => ({
  name,
  label: `storage.fields.${name}`,
  sortable: false,
  display: { kind: 'text' },
});

export const filesResource: ResourceDescriptor = {
  name: 'storageFiles',
  service: 'storage',
  path: '/admin/files',
  fields: [
    referenceColumn('bucket_id', 'storage.fields.bucket', 'storageBuckets', 'bucket_name'),
    textColumn('path', 'storage.fields.path'),
    sizeColumn(),
    textColumn('mime_type', 'storage.fields.mime_type', false),
    plainColumn('owner_email'),
    textColumn('owner_uid', 'storage.fields.owner_uid', false),
    plainColumn('uuid'),
    createdAtColumn(),
    updatedAtColumn(),
  ],
  defaultSort: '-created_at',
};

/** `GET /files`: a platform user's own files (a service sees every file, and may filter by owner). */
export const platformFilesResource: ResourceDescriptor = {
  name: 'platformFiles',
  service: 'storage',
  path: '/files',
  fields: [
    plainColumn('uuid'),
    textColumn('bucket', 'storage.fields.bucket', false),
    textColumn('path', 'storage.fields.path'),
    sizeColumn(),
    textColumn('mime_type', 'storage.fields.mime_type', false),
    textColumn('owner_uid', 'storage.fields.owner_uid', false),
    createdAtColumn(),
    updatedAtColumn(),
  ],
  defaultSort: '-created_at',
};

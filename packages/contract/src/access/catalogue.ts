import { z } from 'zod';
import type { FieldDescriptor, ResourceDescriptor } from '../resources/descriptor.js';
import { SERVICE_NAMES } from '../runtime-config.js';
import type { FieldKind } from './evaluate.js';

/**
 * The catalogue of what can be granted: every resource the server's admin routes name, with their
 * actions and fields. The server builds it from the routes' declarations (`GET
 * /auth/admin/permissions/catalogue`), so it cannot list an action no route checks, nor miss one.
 */

/** `auth.users`, `notification.smtp-configs`: the service and the last segment of the list's path. */
export function permissionResourceOf(descriptor: Pick<ResourceDescriptor, 'service' | 'path'>): string {
  const segment = descriptor.path.split('/').filter(Boolean).pop() ?? '';
  return `${descriptor.service}.${segment}`;
}

/** How a list column's values compare in a grant's condition, from how the column filters and shows. */
export function fieldKindOf(field: FieldDescriptor): FieldKind {
  const { display, filter } = field;
  if (display.kind === 'boolean') return 'boolean';
  if (display.kind === 'tags') return 'list';
  if (display.kind === 'json') return 'json';
  if (display.kind === 'datetime') return 'timestamp';
  if (display.kind === 'date') return 'date';
  if (filter?.type === 'number' || display.kind === 'bytes') return 'integer';
  if (filter?.type === 'select') {
    if ('lookup' in filter) return 'integer';
    const first = filter.options[0]?.value;
    return typeof first === 'number' ? 'integer' : typeof first === 'boolean' ? 'boolean' : 'text';
  }
  return 'text';
}

const fieldKindSchema = z.enum(['integer', 'text', 'boolean', 'timestamp', 'date', 'list', 'json']);

export const catalogueFieldSchema = z.object({
  name: z.string(),
  /** An i18n key of the panel (the list column's label). */
  label: z.string(),
  kind: fieldKindSchema,
  /** Shown by list, read and export: a grant of those actions may name it. */
  read: z.boolean(),
  /** Taken by create or update: a grant of those actions may name it. */
  write: z.boolean(),
  /** A condition (`where`) may compare it. */
  condition: z.boolean(),
});
export type CatalogueField = z.infer<typeof catalogueFieldSchema>;

export const catalogueActionSchema = z.object({
  name: z.string(),
  /** Which of the resource's fields a grant of this action may limit: those it reads or those it writes. */
  fields: z.enum(['read', 'write']).nullable(),
  /** A grant of this action may carry a condition: the route applies it to the records it touches. */
  scoped: z.boolean(),
});
export type CatalogueAction = z.infer<typeof catalogueActionSchema>;

export const catalogueResourceSchema = z.object({
  name: z.string(),
  service: z.enum(SERVICE_NAMES),
  actions: z.array(catalogueActionSchema),
  fields: z.array(catalogueFieldSchema),
});
export type CatalogueResource = z.infer<typeof catalogueResourceSchema>;

export const permissionCatalogueSchema = z.object({ resources: z.array(catalogueResourceSchema) });
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;

export { fieldKindSchema };

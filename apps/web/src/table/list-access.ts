import {
  type BulkActionDescriptor,
  type FieldDescriptor,
  type FieldSet,
  hasField,
  permissionResourceOf,
  type ResourceDescriptor,
} from '@pult/contract';
import type { PermissionCheck } from '../access/permission-check';

/** What an administrator's grants make of a list: its columns, export and bulk actions. */
export interface ListAccess {
  /** The columns the admin may see, without filter or sort where those could reveal hidden values. */
  fields: readonly FieldDescriptor[];
  canExport: boolean;
  /** A CSV import: the list declares its key and the admin may create records in it. */
  canImport: boolean;
  bulkActions: readonly BulkActionDescriptor[];
}

/**
 * Columns follow the `list` grants' fields. A column shown to some records only (a field grant with
 * a condition) is not filterable or sortable: the server refuses both, since they would tell the
 * hidden values apart. Without known permissions (a table outside the shell's access gate) nothing
 * is held back; the server decides anyway.
 */
export function listAccessOf(
  check: PermissionCheck | null,
  descriptor: ResourceDescriptor,
  fields: readonly FieldDescriptor[],
): ListAccess {
  const bulkActions = descriptor.bulkActions ?? [];
  const importable = (descriptor.importKey?.length ?? 0) > 0;
  if (!check) return { fields, canExport: true, canImport: importable, bulkActions };
  const resource = permissionResourceOf(descriptor);
  const visible = check.fields(resource, 'list');
  const filterable = check.filterableFields(resource, 'list');
  return {
    fields: fields
      .filter((field) => hasField(visible, field.name))
      .map((field) => limitTo(field, filterable)),
    canExport: check.can(resource, 'export'),
    canImport: importable && check.can(resource, 'create'),
    bulkActions: bulkActions.filter((action) => check.can(resource, `bulk.${action.name}`)),
  };
}

function limitTo(field: FieldDescriptor, filterable: FieldSet): FieldDescriptor {
  if (hasField(filterable, field.name)) return field;
  const { filter: _filter, ...rest } = field;
  return { ...rest, sortable: false };
}

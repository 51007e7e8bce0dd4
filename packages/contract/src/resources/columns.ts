import type { FieldDescriptor, LookupDependency, LookupName, SelectOption } from './descriptor.js';

/** Builders for the list columns most resources share, so a descriptor reads as a list of choices. */
export const idColumn = (): FieldDescriptor => ({
  name: 'id',
  label: 'common.fields.id',
  sortable: true,
  filter: { type: 'number' },
  display: { kind: 'text' },
});

/** A text column filtered by "contains"; sortable unless told otherwise. */
export const textColumn = (name: string, label: string, sortable = true): FieldDescriptor => ({
  name,
  label,
  sortable,
  filter: { type: 'text' },
  display: { kind: 'text' },
});

export const dateColumn = (name: string, label: string, kind: 'date' | 'datetime'): FieldDescriptor => ({
  name,
  label,
  sortable: true,
  filter: { type: 'date' },
  display: { kind },
});

export const createdAtColumn = (): FieldDescriptor =>
  dateColumn('created_at', 'common.fields.created_at', 'datetime');
export const updatedAtColumn = (): FieldDescriptor =>
  dateColumn('updated_at', 'common.fields.updated_at', 'datetime');

/** A column with fixed options: filtered by a select, shown by the option's label. */
export const optionColumn = (
  name: string,
  label: string,
  options: readonly SelectOption[],
  sortable: boolean,
): FieldDescriptor => ({
  name,
  label,
  sortable,
  filter: { type: 'select', options },
  display: { kind: 'option', options },
});

/**
 * An id of another resource, filtered by a lookup select and shown by the name the item carries.
 * `dependsOn` narrows the filter's options by another column's filter, as the forms narrow theirs.
 */
export const referenceColumn = (
  name: string,
  label: string,
  lookup: LookupName,
  nameField: string,
  dependsOn?: LookupDependency,
): FieldDescriptor => ({
  name,
  label,
  sortable: false,
  filter: dependsOn ? { type: 'select', lookup, dependsOn } : { type: 'select', lookup },
  display: { kind: 'reference', field: nameField },
});

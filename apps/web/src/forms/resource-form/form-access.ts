import {
  type FormFieldDescriptor,
  hasField,
  permissionResourceOf,
  type ResourceDescriptor,
} from '@pult/contract';
import type { PermissionCheck } from '../../access/permission-check';
import type { FormMode } from './form-values';

/** What an administrator's grants make of a form: which fields it shows, which they may change. */
export interface FormAccess {
  fields: readonly FormFieldDescriptor[];
  /** Shown but not to be changed (read, but not written, by the grants). */
  readOnly: ReadonlySet<string>;
  /** Saving is offered: the action is allowed and some shown field may be changed. */
  canSave: boolean;
  canDelete: boolean;
}

/**
 * A new record shows the fields the grants let the admin set; an existing one shows those they may
 * read, the ones they may not write read-only (the server accepts them back unchanged). Without known
 * permissions (a form rendered outside the shell's access gate) nothing is held back: the server
 * decides anyway.
 */
export function formAccessOf(
  check: PermissionCheck | null,
  resource: ResourceDescriptor,
  mode: FormMode,
  fields: readonly FormFieldDescriptor[],
): FormAccess {
  if (!check) return { fields, readOnly: new Set(), canSave: true, canDelete: true };
  const name = permissionResourceOf(resource);
  const writeAction = mode === 'create' ? 'create' : 'update';
  const writable = check.can(name, writeAction) ? check.fields(name, writeAction) : null;
  const mayWrite = (field: FormFieldDescriptor) => writable !== null && hasField(writable, field.name);
  if (mode === 'create') {
    const shown = fields.filter(mayWrite);
    return { fields: shown, readOnly: new Set(), canSave: shown.length > 0, canDelete: false };
  }
  const readable = check.fields(name, 'read');
  const shown = fields.filter((field) => hasField(readable, field.name) || mayWrite(field));
  const readOnly = new Set(shown.filter((field) => !mayWrite(field)).map((field) => field.name));
  return {
    fields: shown,
    readOnly,
    canSave: shown.length > readOnly.size,
    canDelete: check.can(name, 'delete'),
  };
}

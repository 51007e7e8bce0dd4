import type { FormFieldDescriptor } from '@pult/contract';
import type { ResourceFormApi } from './use-resource-form';

/** What every input of a resource form gets. */
export interface FieldInputProps {
  form: ResourceFormApi;
  field: FormFieldDescriptor;
  /** The translated label. */
  label: string;
  disabled?: boolean;
  /** The record being edited: a secret shows whether one is stored (`<name>_set`). */
  record?: Record<string, unknown>;
}

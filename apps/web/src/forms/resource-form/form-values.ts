import type { FormDescriptor, FormFieldDescriptor } from '@pult/contract';
import type { FieldError, FieldErrors } from 'react-hook-form';

export type FormMode = 'create' | 'edit';

/** What a generic form holds: one entry per visible field, keyed by the field's name. */
export type FormValues = Record<string, unknown>;

/** The fields a form shows in a mode: a password and its repeat only when creating. */
export function visibleFields(form: FormDescriptor, mode: FormMode): readonly FormFieldDescriptor[] {
  return mode === 'create' ? form.fields : form.fields.filter((field) => !field.createOnly);
}

/** The value an input starts with when the record has none. */
function emptyValue(field: FormFieldDescriptor): unknown {
  if (field.input.kind === 'tags') return [];
  return field.input.kind === 'switch' ? false : '';
}

/**
 * A record's values as the inputs hold them. Inputs cannot show null, so a missing value becomes the
 * empty input (the schemas turn an empty input back into null); a timestamp in a date input keeps its day.
 */
export function toFormValues(
  fields: readonly FormFieldDescriptor[],
  record: Record<string, unknown> | undefined,
  initial: FormValues = {},
): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const value = record?.[field.name] ?? initial[field.name];
    if (value === null || value === undefined) values[field.name] = emptyValue(field);
    else if (field.input.kind === 'date' && typeof value === 'string')
      values[field.name] = value.slice(0, 10);
    // JSON is edited as text; the schema parses it back.
    else if (field.input.kind === 'json' && typeof value !== 'string')
      values[field.name] = JSON.stringify(value, null, 2);
    else values[field.name] = value;
  }
  return values;
}

/**
 * An integer input keeps what was typed until it is a whole number, so the schema (which wants a number)
 * reports a clear error for anything else.
 */
export function integerInputValue(text: string): string | number {
  const trimmed = text.trim();
  return /^-?\d{1,15}$/.test(trimmed) ? Number(trimmed) : text;
}

/**
 * The error of one field. A list field (tags) gets its errors per item (`groups.1`), so the first item's
 * error stands for the field.
 */
export function fieldErrorOf(errors: FieldErrors, name: string): FieldError | undefined {
  const error = errors[name];
  if (!error) return undefined;
  if (typeof error.message === 'string') return error as FieldError;
  if (Array.isArray(error))
    return error.find((item): item is FieldError => typeof item?.message === 'string');
  return undefined;
}

/** Fields whose options depend on another field's value (cities of a country), by that field's name. */
export function dependentFields(fields: readonly FormFieldDescriptor[]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const field of fields) {
    if (field.input.kind !== 'lookup' || !field.input.dependsOn) continue;
    const parent = field.input.dependsOn.field;
    map.set(parent, [...(map.get(parent) ?? []), field.name]);
  }
  return map;
}

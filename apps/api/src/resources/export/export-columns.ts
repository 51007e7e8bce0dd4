import {
  ALL_FIELDS,
  type FieldDescriptor,
  type FieldSet,
  hasField,
  type Locale,
  type ResourceDescriptor,
} from '@pult/contract';
import { panelLabel } from './panel-labels.js';

export interface ExportColumn {
  name: string;
  label: string;
  /** The cell's text for one item of the list. */
  text: (item: Record<string, unknown>) => string;
}

/**
 * The columns of a resource's export: every listed field of its descriptor except write-only secrets
 * (`writeOnlyFields`, and sealed `…_encrypted` columns), labelled in the request's language. Only the
 * descriptor's fields are read from an item, so a column a list selects for other reasons can never
 * reach a file; and only the fields the administrator's grants reach (`fields`) are columns at all.
 */
export function exportColumns(
  descriptor: ResourceDescriptor,
  locale: Locale,
  fields: FieldSet = ALL_FIELDS,
): ExportColumn[] {
  const writeOnly = new Set(descriptor.writeOnlyFields ?? []);
  return descriptor.fields
    .filter((field) => !writeOnly.has(field.name) && !field.name.endsWith('_encrypted'))
    .filter((field) => hasField(fields, field.name))
    .map((field) => ({
      name: field.name,
      label: panelLabel(locale, field.label),
      text: cellText(field, locale),
    }));
}

function cellText(field: FieldDescriptor, locale: Locale): (item: Record<string, unknown>) => string {
  const display = field.display;
  const plain = (item: Record<string, unknown>) => plainText(item[field.name], locale);
  switch (display.kind) {
    case 'datetime':
      return (item) => isoDateTime(item[field.name]);
    case 'option':
      return (item) => {
        const value = item[field.name];
        const option = display.options.find((candidate) => candidate.value === value);
        return option ? panelLabel(locale, option.label) : plainText(value, locale);
      };
    case 'reference':
      // The name the item carries for the id; the id itself when the record it named is gone.
      return (item) => plainText(item[display.field] ?? item[field.name], locale);
    case 'json':
      return (item) => {
        const value = item[field.name];
        return value === null || value === undefined ? '' : JSON.stringify(value);
      };
    default:
      return plain;
  }
}

function plainText(value: unknown, locale: Locale): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return panelLabel(locale, value ? 'common.yes' : 'common.no');
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map((entry) => plainText(entry, locale)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** ISO 8601 in UTC (`2026-11-24T06:00:00.000Z`), whatever form the item holds the time in. */
function isoDateTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? String(value) : date.toISOString();
}

import { type FieldDescriptor, LOCALES, type SelectOption } from '@pult/contract';
import { z } from 'zod';
import { panelLabel } from '../export/panel-labels.js';

/** A cell the file gives, turned into what a form would send, or why it cannot be. */
export type CellValue = { value: unknown } | { error: 'importUnknownReference'; params: { value: string } };

/**
 * Finds the id a reference cell names (a country's name in either language, or its id): loaded once
 * per import, since the export writes names and a person does not type ids.
 */
export type ReferenceIndex = (text: string, row: Readonly<Record<string, unknown>>) => number | undefined;

/**
 * The export prefixes a cell that a spreadsheet would evaluate (`=`, `+`, `-`, `@`, tab, CR) with an
 * apostrophe; reading it back drops exactly that apostrophe, so an exported file imports unchanged
 * and the value is stored as the text it was (the export neutralises it again on the way out).
 */
const NEUTRALISED = /^'[=+\-@\t\r]/;

export function unneutralise(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

const normal = (text: string) => text.trim().toLocaleLowerCase('en-US');

/**
 * A cell as the field's form input would send it: an option by its label (either language) or value,
 * a yes/no by its word, tags split at commas, JSON parsed, a reference resolved to its id, and a
 * number where the schema takes one. Anything it cannot read is passed on as text, so the schema
 * rejects it with the form's own message.
 */
export function cellValue(
  field: FieldDescriptor | undefined,
  schema: z.ZodType | undefined,
  raw: string,
  row: Readonly<Record<string, unknown>>,
  reference?: ReferenceIndex,
): CellValue {
  const text = unneutralise(raw);
  switch (field?.display.kind) {
    case 'option':
      return { value: optionValue(field.display.options, text) };
    case 'boolean':
      return { value: booleanValue(text) };
    case 'tags':
      return {
        value: text
          .split(',')
          .map((tag) => tag.trim())
          .filter((tag) => tag !== ''),
      };
    case 'json':
      return { value: jsonValue(text) };
    case 'reference':
      return referenceValue(text, row, reference);
    default:
      return { value: numberIfWanted(schema, text) };
  }
}

/** Each option list's values and labels (both languages), normalised: built once, not per cell. */
const optionLookups = new WeakMap<readonly SelectOption[], ReadonlyMap<string, unknown>>();

function optionLookup(options: readonly SelectOption[]): ReadonlyMap<string, unknown> {
  let lookup = optionLookups.get(options);
  if (!lookup) {
    const built = new Map<string, unknown>();
    // The first option that a text names wins, as a search of the list in order would find it.
    for (const option of options) {
      for (const text of [
        String(option.value),
        ...LOCALES.map((locale) => panelLabel(locale, option.label)),
      ]) {
        if (!built.has(normal(text))) built.set(normal(text), option.value);
      }
    }
    optionLookups.set(options, built);
    lookup = built;
  }
  return lookup;
}

function optionValue(options: readonly SelectOption[], text: string): unknown {
  const lookup = optionLookup(options);
  const wanted = normal(text);
  return lookup.has(wanted) ? lookup.get(wanted) : text;
}

const TRUE_WORDS = new Set([
  'true',
  '1',
  ...LOCALES.map((locale) => normal(panelLabel(locale, 'common.yes'))),
]);
const FALSE_WORDS = new Set([
  'false',
  '0',
  ...LOCALES.map((locale) => normal(panelLabel(locale, 'common.no'))),
]);

function booleanValue(text: string): unknown {
  if (TRUE_WORDS.has(normal(text))) return true;
  if (FALSE_WORDS.has(normal(text))) return false;
  return text;
}

function jsonValue(text: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function referenceValue(
  text: string,
  row: Readonly<Record<string, unknown>>,
  reference: ReferenceIndex | undefined,
): CellValue {
  if (text.trim() === '') return { value: '' };
  if (/^\d{1,15}$/.test(text.trim())) return { value: Number(text.trim()) };
  const id = reference?.(text, row);
  return id === undefined ? { error: 'importUnknownReference', params: { value: text } } : { value: id };
}

/** A number for a field whose schema refuses the text but takes it as a number (an id, a count). */
function numberIfWanted(schema: z.ZodType | undefined, text: string): unknown {
  if (!schema || !/^-?\d+(\.\d+)?$/.test(text.trim())) return text;
  if (schema.safeParse(text).success) return text;
  const number = Number(text.trim());
  return schema.safeParse(number).success ? number : text;
}

/** The schema of one field of an object schema, to probe what a cell should become. */
export function fieldSchema(schema: z.ZodType, field: string): z.ZodType | undefined {
  return schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[field] : undefined;
}

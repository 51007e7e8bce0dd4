import { LOCALES, type ResourceDescriptor } from '@pult/contract';
import { type AppError, errors } from '../../http/app-error.js';
import { panelLabel } from '../export/panel-labels.js';

/** A column of the file that names a field the import writes. */
export interface ImportColumn {
  index: number;
  header: string;
  field: string;
}

export interface ColumnPlan {
  columns: ImportColumn[];
  /** Headers that name nothing: reported, not read. */
  unknown: string[];
  /** Headers that name a field the list shows but an import does not write (id, timestamps). */
  ignored: string[];
}

/** A field a column may name: its field name and its label key (the panel's column header). */
export interface NamedField {
  name: string;
  label: string;
}

export interface ColumnRules {
  descriptor: ResourceDescriptor;
  /** Fields a row may write (the create and update schemas' keys). */
  writable: ReadonlySet<string>;
  /** Write-only fields (passwords, keys): a column naming one refuses the whole file. */
  secrets: readonly NamedField[];
}

/** Headers compare without case and surrounding spaces: a spreadsheet user retypes them freely. */
const normal = (text: string) => text.trim().toLocaleLowerCase('en-US');

/** Every spelling of a field: its name and its label in each language, so either export reads back. */
function spellings(field: NamedField): string[] {
  return [field.name, ...LOCALES.map((locale) => panelLabel(locale, field.label))].map(normal);
}

/**
 * Matches a file's header to fields: by the export's labels in either language or by field names.
 * A secret column or a column named twice refuses the file (422) before any row is read; the key
 * columns the descriptor declares must be there, since without them no row can name its record.
 */
export function planColumns(rules: ColumnRules, header: readonly string[]): ColumnPlan {
  const byName = new Map<string, string>();
  for (const field of rules.descriptor.fields)
    for (const name of spellings(field)) byName.set(name, field.name);
  // Writable fields the list does not show (none today, but a form may write more than a table shows).
  for (const name of rules.writable) if (!byName.has(normal(name))) byName.set(normal(name), name);
  const secret = new Set(rules.secrets.flatMap(spellings));
  const plan: ColumnPlan = { columns: [], unknown: [], ignored: [] };
  const seen = new Set<string>();
  header.forEach((raw, index) => {
    const headerText = raw.trim();
    if (secret.has(normal(headerText))) throw columnError('importSecretColumn', headerText);
    const field = byName.get(normal(headerText));
    if (field === undefined) {
      plan.unknown.push(headerText);
      return;
    }
    if (seen.has(field)) throw columnError('importDuplicateColumn', headerText);
    seen.add(field);
    if (rules.writable.has(field)) plan.columns.push({ index, header: headerText, field });
    else plan.ignored.push(headerText);
  });
  for (const key of rules.descriptor.importKey ?? []) {
    if (!seen.has(key)) throw errors.unprocessable('importKeyMissing', { field: key });
  }
  return plan;
}

function columnError(key: 'importSecretColumn' | 'importDuplicateColumn', column: string): AppError {
  return errors.unprocessable(key, { column });
}

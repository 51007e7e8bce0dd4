import type { ImportReport, ResourceDescriptor } from '@pult/contract';
import { type CsvHead, csvCell } from './csv-head';

/** A field an import writes: its name and the i18n key of its label (the list's column header). */
export interface ImportField {
  name: string;
  label: string;
}

/** For each column of the file, in order, the field it fills, or null when it is not imported. */
export type ColumnMapping = (string | null)[];

/**
 * A column the administrator chose not to import is sent under a name that matches no field, so the
 * server reads past it; the wizard leaves such names out of the columns it reports as unknown.
 */
const SKIPPED_PREFIX = '~';

export const isSkippedColumn = (header: string) => header.startsWith(SKIPPED_PREFIX);

/** The fields an import may write, in the list's order, from a header-only dry run naming them all. */
export function writableFields(descriptor: ResourceDescriptor, report: ImportReport): ImportField[] {
  const written = new Set(report.columns.matched.map((match) => match.field));
  const shown = descriptor.fields.filter((field) => written.has(field.name));
  const unshown = [...written]
    .filter((name) => !shown.some((field) => field.name === name))
    .map((name) => ({ name, label: name }));
  return [...shown.map(({ name, label }) => ({ name, label })), ...unshown];
}

/** A header naming every field the list shows: what the server matches tells which it writes. */
export function allFieldsHeader(descriptor: ResourceDescriptor): string {
  const secret = new Set(descriptor.writeOnlyFields ?? []);
  return descriptor.fields
    .filter((field) => !field.secret && !secret.has(field.name))
    .map((field) => field.name)
    .join(',');
}

/**
 * The mapping the server's own matching gives (labels in either language, field names), from a dry
 * run of the header alone; `fallback` for a header the server refused as it is (a key column
 * missing): each column whose text is a field's name or its label as `labelOf` reads it.
 */
export function prefilledMapping(
  header: readonly string[],
  matched: ImportReport['columns']['matched'] | null,
  fields: readonly ImportField[],
  labelOf: (key: string) => string,
): ColumnMapping {
  const normal = (text: string) => text.trim().toLocaleLowerCase();
  const taken = new Set<string>();
  return header.map((cell) => {
    const fromServer = matched?.find((match) => match.column === cell.trim() && !taken.has(match.field));
    const field =
      fromServer && fields.some((known) => known.name === fromServer.field)
        ? fromServer.field
        : matched
          ? undefined
          : fields.find(
              (known) =>
                !taken.has(known.name) &&
                (normal(known.name) === normal(cell) || normal(labelOf(known.label)) === normal(cell)),
            )?.name;
    if (field === undefined) return null;
    taken.add(field);
    return field;
  });
}

/** What stops a mapping from being checked: key fields no column fills. */
export function missingKeys(descriptor: ResourceDescriptor, mapping: ColumnMapping): string[] {
  return (descriptor.importKey ?? []).filter((key) => !mapping.includes(key));
}

/** The header line the server is sent: each mapped column under its field's name. */
export function mappedHeader(head: CsvHead, mapping: ColumnMapping): string {
  return head.header
    .map((cell, index) => csvCell(mapping[index] ?? `${SKIPPED_PREFIX}${cell}`, head.separator))
    .join(head.separator);
}

/** The file as the server reads it: the mapped header, then the file's own bytes after its header. */
export function remappedFile(file: Blob, head: CsvHead, headText: string, mapping: ColumnMapping): Blob {
  const headerBytes = new TextEncoder().encode(headText.slice(0, head.headerLength)).byteLength;
  return new Blob([`${mappedHeader(head, mapping)}\r\n`, file.slice(headerBytes)], { type: 'text/csv' });
}

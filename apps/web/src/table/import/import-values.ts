import type { ImportReport, ImportRow, ResourceDescriptor } from '@pult/contract';

/** A row's key as one line: `ann@example.com`, or `UA · Kyiv` for a key of two fields. */
export function keyText(key: ImportRow['key']): string {
  return Object.values(key).map(valueText).join(' · ');
}

/** A value of a change as text: empty values as a dash, lists and objects as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Where the list shows a row's record: the list filtered by the first key field it filters by text
 * (`?filter[email]=ann@example.com`); null when no key field has a text filter.
 */
export function listLinkOf(descriptor: ResourceDescriptor, pathname: string, row: ImportRow): string | null {
  for (const name of descriptor.importKey ?? []) {
    const field = descriptor.fields.find((candidate) => candidate.name === name);
    const value = row.key[name];
    if (field?.filter?.type !== 'text' || value === null || value === undefined || value === '') continue;
    const search = new URLSearchParams({ [`filter[${name}]`]: String(value) });
    return `${pathname}?${search.toString()}`;
  }
  return null;
}

/**
 * The note on invitations of a list whose new records get no password (administrators): before the
 * commit, that they will be invited; after it, that they were. None when the report creates nothing.
 */
export function invitationNote(
  descriptor: Pick<ResourceDescriptor, 'importInvites'>,
  report: Pick<ImportReport, 'mode' | 'committed' | 'counts'>,
): 'invitesNew' | 'invitedNew' | null {
  if (descriptor.importInvites !== true || report.counts.create === 0) return null;
  if (report.mode === 'dry-run') return 'invitesNew';
  return report.committed ? 'invitedNew' : null;
}

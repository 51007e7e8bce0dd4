import type { ListItemVersion } from '@pult/contract';

/**
 * The version a list row carries (`ListItemVersion`: its record's `ETag` when the list was read), or
 * null for a row without one. A delete from the row sends it in `If-Match`, so a record someone
 * changed since the list showed it is not deleted unseen (412).
 */
export function rowVersion(row: object): string | null {
  const { version } = row as ListItemVersion;
  return typeof version === 'string' && version !== '' ? version : null;
}

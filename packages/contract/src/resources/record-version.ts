import { z } from 'zod';

/**
 * Record versions (docs/architecture.md, "Record versions"). `GET <resource>/{id}` answers the
 * record's version in an `ETag` header, and so does a successful `PUT`; the panel sends it back in
 * `If-Match` on `PUT` and `DELETE`. A stale one is refused with 412 and the record as it is now.
 */

/** The entity tag of a record version: weak, since it names the record's state, not the bytes. */
export function recordEtag(version: string): string {
  return `W/"${version}"`;
}

/**
 * The versions an `If-Match` value names (RFC 9110 §13.1.1): `any` for `*`, else the opaque tags of
 * its list (weak or strong alike: a version is compared as a version). A value that is not a valid
 * list names nothing, so it matches no record (412, like a stale version).
 */
export function parseIfMatch(value: string): { any: true } | { any: false; versions: string[] } {
  const text = value.trim();
  if (text === '*') return { any: true };
  const versions: string[] = [];
  // One list element at a time: optional whitespace, an entity tag (or nothing), then a comma or the end.
  const element = /[ \t]*(?:(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)")?[ \t]*(?:,|$)/y;
  let at = 0;
  while (at < text.length) {
    element.lastIndex = at;
    const match = element.exec(text);
    if (!match) return { any: false, versions: [] };
    if (match[1] !== undefined) versions.push(match[1]);
    at = element.lastIndex;
  }
  return { any: false, versions };
}

/**
 * 412 to a `PUT` or `DELETE` whose `If-Match` names a version the record no longer has: why (in the
 * request's language) and the record as it is now, shown as a `GET` would show it to this
 * administrator; the answer's `ETag` carries the version of `current`.
 */
export function recordConflictSchema<Item extends z.ZodType>(item: Item) {
  return z.object({ message: z.string(), current: item });
}
export type RecordConflict<Item> = { message: string; current: Item };

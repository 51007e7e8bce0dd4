/**
 * A position in the change feed: the writing transaction and the event's number. Events are read in
 * this order (change-feed.ts); a stream's `id:` lines carry it, and `Last-Event-ID` brings it back.
 */
export interface Cursor {
  tx: bigint;
  id: number;
}

export function formatCursor(cursor: Cursor): string {
  return `${cursor.tx}.${cursor.id}`;
}

/**
 * The cursor a `Last-Event-ID` names, or undefined for anything else (then the stream starts now).
 * At most 19 digits of transaction: every such number fits PostgreSQL's `xid8`, so no header can
 * make the feed's query fail.
 */
export function parseCursor(value: string | undefined): Cursor | undefined {
  const match = value === undefined ? null : /^(\d{1,19})\.(\d{1,15})$/.exec(value.trim());
  if (!match?.[1] || !match[2]) return undefined;
  return { tx: BigInt(match[1]), id: Number(match[2]) };
}

export function compareCursors(a: Cursor, b: Cursor): number {
  if (a.tx !== b.tx) return a.tx < b.tx ? -1 : 1;
  return a.id - b.id;
}

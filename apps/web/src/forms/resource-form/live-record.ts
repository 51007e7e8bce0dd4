import { type LiveChange, parseIfMatch } from '@pult/contract';

/**
 * An open form and other people's changes to its record (docs/architecture.md, "Live changes"): a
 * change is news to the form when it is its record's and leaves the record at a version other than
 * the one the form holds (its own save comes back as a change at the version it already holds).
 */

/** What the banner tells: who changed or deleted the record, and when. */
export interface RecordNews {
  kind: 'changed' | 'deleted';
  actor: LiveChange['actor'];
  at: string;
  /** The version the record is at now (null: deleted, or not known from the change). */
  version: string | null;
}

/** The record a form shows: its permission resource and its id as a change names it. */
export interface WatchedRecord {
  resource: string;
  id: string;
}

/** The version inside an entity tag: `W/"7"`, `"7"` and `7` are the same version. */
export function versionOf(tag: string | null | undefined): string | null {
  if (tag === null || tag === undefined || tag === '') return null;
  const parsed = parseIfMatch(tag);
  if (!parsed.any && parsed.versions.length === 1) return parsed.versions[0] ?? null;
  return tag;
}

export function sameVersion(a: string | null | undefined, b: string | null | undefined): boolean {
  const left = versionOf(a);
  return left !== null && left === versionOf(b);
}

/**
 * What a change means to the form holding `record` at `held`: `null` when it is not news (another
 * record, or the version the form holds), `unknown` when it may concern the record without naming it
 * (`many` of its resource: the version must be read to tell), else the news.
 */
export function recordNewsOf(
  change: LiveChange,
  record: WatchedRecord,
  held: string | null | undefined,
): RecordNews | 'unknown' | null {
  if (change.resource !== record.resource) return null;
  if (change.op === 'many' || change.id === null) return 'unknown';
  if (change.id !== record.id) return null;
  if (change.op === 'delete') {
    return { kind: 'deleted', actor: change.actor, at: change.at, version: null };
  }
  if (sameVersion(change.version, held)) return null;
  return { kind: 'changed', actor: change.actor, at: change.at, version: change.version };
}

/** "14:02 UTC": the time of a change in the zone the administrator chose, with the zone named. */
export function formatChangeTime(at: string, locale: string, timeZone: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const parts = new Intl.DateTimeFormat(locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
    timeZoneName: 'short',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((item) => item.type === type)?.value ?? '';
  return `${part('hour')}:${part('minute')} ${part('timeZoneName')}`.trim();
}

import type { AuditEntry } from '@pult/contract';
import { type RecordNews, sameVersion } from './live-record';

/**
 * Who changed a record last, for the conflict dialog, from the two sources the panel has: the live
 * stream's news of the open form (`useLiveRecord`), which hears every write however it was made (a
 * bulk action too), and the audit log's latest entry for the record, which misses bulk actions (one
 * entry per request, no record id) and writes no one made as an administrator.
 */
export type LastChange =
  /** Named: the administrator and when. */
  | { kind: 'named'; name: string; at: string }
  /** When, but not by whom (not made by a named administrator, or not named to this reader). */
  | { kind: 'time'; at: string }
  /** Nothing this administrator may know tells who made it. */
  | { kind: 'unknown' };

type Dated = Extract<LastChange, { at: string }>;

export interface LastChangeSources {
  /** The open form's news of another administrator's change, if the stream told it one. */
  news: RecordNews | null;
  /** The record's version now (the refused save's), to tell whether the news is of this very change. */
  version: string | null;
  /** The record's latest audit entry: undefined while asked (or not asked), null when there is none. */
  audit: AuditEntry | null | undefined;
  /** The administrator may list the audit log (else it is never asked). */
  canReadAudit: boolean;
}

/**
 * The most recent source of truth: the news when it is of the version the record is at now, else the
 * newer of the news and the audit entry. Null while the audit log, the only source left, is asked.
 */
export function lastChangeOf({ news, version, audit, canReadAudit }: LastChangeSources): LastChange | null {
  const live = news?.kind === 'changed' ? fromNews(news) : null;
  if (live && news && sameVersion(news.version, version)) return live;
  const logged = audit ? fromAudit(audit) : null;
  if (live && logged) return Date.parse(logged.at) > Date.parse(live.at) ? logged : live;
  if (live ?? logged) return live ?? logged;
  if (canReadAudit && audit === undefined) return null;
  return { kind: 'unknown' };
}

function fromNews(news: RecordNews): Dated {
  return news.actor ? { kind: 'named', name: news.actor.name, at: news.at } : { kind: 'time', at: news.at };
}

function fromAudit(entry: AuditEntry): Dated {
  // The e-mail as the entry recorded it when the administrator is gone (no name now).
  const name = entry.admin_name ?? entry.admin_email;
  return name ? { kind: 'named', name, at: entry.created_at } : { kind: 'time', at: entry.created_at };
}

import { permissionResourceOf, type ResourceDescriptor } from '@pult/contract';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../../app/services-context';
import { isHttpError } from '../../http/http-error';
import { useLiveChanges } from '../../live/live-context';
import type { LiveEvent } from '../../live/live-hub';
import { fetchVersionedRecord, type RecordId, type VersionedRecord } from '../../resources/resource-api';
import { type RecordNews, recordNewsOf, sameVersion } from './live-record';

export interface UseRecordNewsOptions {
  resource: ResourceDescriptor;
  /** The record the form edits; none (a create form) follows nothing. */
  recordId: RecordId | undefined;
  /** The version the form holds now (it moves with each save and each reload). */
  held: () => string | null | undefined;
  /** The form's own save is on its way: its change must not be taken for someone else's. */
  saving: boolean;
  /** Reads the record with its version, when not at `<resource>/{id}` (the profile's own route). */
  read?: () => Promise<VersionedRecord>;
}

/**
 * Another administrator's change to the record an open form shows, as soon as it happens (before any
 * save is refused). A change that arrives while the form's own save is on its way is judged once the
 * save is over, against the version the save answered: if it was the save itself, it is not news.
 */
export function useRecordNews({ resource, recordId, held, saving, read }: UseRecordNewsOptions) {
  const services = useServices();
  const [news, setNews] = useState<RecordNews | null>(null);
  const heldBack = useRef<LiveEvent | null>(null);
  const reading = useRef(false);
  const latest = useRef({ held, saving });
  latest.current = { held, saving };
  const watched =
    recordId === undefined ? null : { resource: permissionResourceOf(resource), id: String(recordId) };

  /** A change that may concern the record without naming it: its version tells. */
  async function checkVersion(event: LiveEvent): Promise<void> {
    if (recordId === undefined || reading.current) return;
    reading.current = true;
    try {
      const now = await (read ? read() : fetchVersionedRecord(services, resource, recordId));
      if (sameVersion(now.version, latest.current.held())) return;
      const change = event.type === 'change' ? event.change : null;
      setNews({
        kind: 'changed',
        actor: change?.actor ?? null,
        at: change?.at ?? new Date().toISOString(),
        version: now.version,
      });
    } catch (error) {
      if (isHttpError(error) && error.status === 404) {
        setNews({ kind: 'deleted', actor: null, at: new Date().toISOString(), version: null });
      }
      // Anything else says nothing about the record: the next save still meets any conflict.
    } finally {
      reading.current = false;
    }
  }

  function judge(event: LiveEvent): void {
    if (watched === null) return;
    if (event.type === 'reset') {
      void checkVersion(event);
      return;
    }
    const verdict = recordNewsOf(event.change, watched, latest.current.held());
    if (verdict === 'unknown') void checkVersion(event);
    else if (verdict !== null) setNews(verdict);
  }

  useLiveChanges(watched?.resource ?? null, (event) => {
    if (latest.current.saving) heldBack.current = event;
    else judge(event);
  });

  // The save is over: its version is known, so a change held back can be told apart from it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the save settles; judge reads refs.
  useEffect(() => {
    if (saving || heldBack.current === null) return;
    const event = heldBack.current;
    heldBack.current = null;
    judge(event);
  }, [saving]);

  // News of a change the form has caught up with since (a reload, a resolved conflict) is old news.
  const shown = news && news.kind === 'changed' && sameVersion(news.version, held()) ? null : news;
  return { news: shown, clear: () => setNews(null) };
}

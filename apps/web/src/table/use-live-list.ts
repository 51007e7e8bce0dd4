import {
  type ListQuery,
  listQueryToParams,
  permissionResourceOf,
  type ResourceDescriptor,
} from '@pult/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useServices } from '../app/services-context';
import { useTranslation } from '../i18n/use-translation';
import { useLiveChanges } from '../live/live-context';
import { fetchList, fetchRecord, type ResourceRecord, resourceKeys } from '../resources/resource-api';
import {
  applyLiveEvent,
  EMPTY_LIVE_LIST,
  isFiltered,
  type LiveListState,
  type LiveListView,
  liveIdOf,
  liveListNotice,
  mergeInPlace,
  rowFromRecord,
  settleLiveList,
} from './live-list';
import { listQueryKey } from './use-resource-list';

/** How long a row read again stays tinted (its background fades out over this time). */
export const HIGHLIGHT_MS = 2_000;
/** Updates arriving this close together are read with one request. */
const REREAD_BATCH_MS = 150;

export interface LiveList {
  /** Rows just read again, for a brief highlight. */
  highlighted: ReadonlySet<string>;
  deleted: ReadonlySet<string>;
  /** New records since the page was read, where each of them belongs in the list (no filter). */
  newCount: number;
  /** The list changed in a way the page cannot follow row by row (new records on a filtered list too). */
  changed: boolean;
  /** Reads page 1 of the current sort (the new records), clearing the marks. */
  showNew: () => void;
  /** Reads the page again, clearing the marks. */
  reload: () => void;
}

/**
 * Follows other people's changes to the list's resource without moving what the administrator is
 * reading (see `live-list.ts`). `items` are the rows on screen and `shownQuery` the query they answer.
 */
export function useLiveList(
  descriptor: ResourceDescriptor,
  items: readonly ResourceRecord[],
  shownQuery: ListQuery,
  /** When the read of `items` started (see `useResourceList`). */
  readAt: number,
  goToFirstPage: () => void,
): LiveList {
  const services = useServices();
  const queryClient = useQueryClient();
  const { i18n } = useTranslation();
  const [state, setStateNow] = useState<LiveListState>(EMPTY_LIVE_LIST);
  // Events may come several in one tick: each applies to the state the previous one left.
  const stateRef = useRef(state);
  const setState = (next: LiveListState) => {
    stateRef.current = next;
    setStateNow(next);
  };
  const [highlighted, setHighlighted] = useState<ReadonlyMap<string, number>>(new Map());
  const latest = useRef({ items, shownQuery, language: i18n.language });
  latest.current = { items, shownQuery, language: i18n.language };
  const filtered = isFiltered(shownQuery.filters);
  const viewOf = (rows: readonly ResourceRecord[]): LiveListView => ({
    pageIds: new Set(rows.flatMap((item) => liveIdOf(item) ?? [])),
    filtered: isFiltered(latest.current.shownQuery.filters),
  });
  const pending = useRef(new Set<string>());
  const batchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const highlightTimers = useRef(new Set<ReturnType<typeof setTimeout>>());

  // Another page, sort or filter is a fresh read: marks of the previous one mean nothing there.
  const viewKey = JSON.stringify(listQueryToParams(shownQuery));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the view key is the trigger, not an input.
  useEffect(() => {
    stateRef.current = EMPTY_LIVE_LIST;
    setStateNow(EMPTY_LIVE_LIST);
  }, [viewKey]);

  // A fresh read (one's own save or bulk action reloads the list too) makes some marks pointless.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a new page of rows; reads the ref.
  useEffect(() => {
    const next = settleLiveList(stateRef.current, viewOf(items), readAt);
    if (next !== stateRef.current) setState(next);
  }, [items, readAt]);

  useEffect(() => {
    const timers = highlightTimers.current;
    return () => {
      if (batchTimer.current !== null) clearTimeout(batchTimer.current);
      for (const timer of timers) clearTimeout(timer);
    };
  }, []);

  function highlight(ids: readonly string[]): void {
    const token = Date.now();
    setHighlighted((current) => {
      const next = new Map(current);
      for (const id of ids) next.set(id, token);
      return next;
    });
    const timer = setTimeout(() => {
      highlightTimers.current.delete(timer);
      setHighlighted((current) => {
        const next = new Map(current);
        // A later update of the same row keeps its own, later end.
        for (const id of ids) if (next.get(id) === token) next.delete(id);
        return next;
      });
    }, HIGHLIGHT_MS);
    highlightTimers.current.add(timer);
  }

  async function rereadPending(): Promise<void> {
    batchTimer.current = null;
    const ids = new Set(pending.current);
    pending.current.clear();
    const { shownQuery: query, language } = latest.current;
    const key = listQueryKey(descriptor, query, language);
    // The page again, in one request; its rows are the list's own shape (joined names included).
    const page = await fetchList(services, descriptor, query).catch(() => null);
    const fresh = new Map<string, ResourceRecord>();
    for (const item of page?.items ?? []) {
      const id = liveIdOf(item);
      if (id !== undefined && ids.has(id)) fresh.set(id, item);
    }
    // A row the change moved off this page (sorted by the changed column) is read on its own.
    for (const id of ids) {
      if (fresh.has(id)) continue;
      const row = latest.current.items.find((item) => liveIdOf(item) === id);
      const record = row && (await fetchRecord(services, descriptor, id).catch(() => null));
      if (row && record) fresh.set(id, rowFromRecord(row, record));
    }
    if (fresh.size === 0) return;
    queryClient.setQueryData<{ items: ResourceRecord[] }>(key, (old) =>
      old ? { ...old, items: mergeInPlace(old.items, fresh, ids) } : old,
    );
    highlight([...fresh.keys()]);
  }

  useLiveChanges(permissionResourceOf(descriptor), (event) => {
    const result = applyLiveEvent(stateRef.current, event, viewOf(latest.current.items));
    if (result.state !== stateRef.current) setState(result.state);
    if (result.reread === null) return;
    pending.current.add(result.reread);
    batchTimer.current ??= setTimeout(() => void rereadPending(), REREAD_BATCH_MS);
  });

  /**
   * Reads the list again; the marks go once the answer is there, so a deleted row is not shown plain
   * meanwhile. Other pages of the list are only marked stale: they are read when shown.
   */
  function refetchLists(refetchShown: boolean): Promise<void> {
    return queryClient
      .invalidateQueries({
        queryKey: [...resourceKeys.all(descriptor), 'list'],
        refetchType: refetchShown ? 'active' : 'none',
      })
      .finally(() => setState(EMPTY_LIVE_LIST));
  }

  const notice = liveListNotice(state, filtered);
  return {
    highlighted: new Set(highlighted.keys()),
    deleted: state.deleted,
    newCount: notice?.kind === 'new' ? notice.count : 0,
    changed: notice?.kind === 'changed',
    showNew: () => {
      // Page 1 of the current sort is where new records go; from another page, going there reads it.
      const onFirstPage = latest.current.shownQuery.page === 1;
      void refetchLists(onFirstPage);
      if (!onFirstPage) goToFirstPage();
    },
    reload: () => void refetchLists(true),
  };
}

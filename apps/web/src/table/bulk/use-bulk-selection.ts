import type { ListQuery, ResourceDescriptor } from '@pult/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { RecordId, ResourceRecord } from '../../resources/resource-api';

export interface BulkSelection {
  /** The list declares bulk actions, so its rows have checkboxes. */
  enabled: boolean;
  ids: ReadonlySet<RecordId>;
  /** "All N matching the filter": the server walks the filter instead of a list of ids. */
  allMatching: boolean;
  pageState: 'none' | 'some' | 'all';
  isSelected: (id: RecordId) => boolean;
  toggle: (id: RecordId) => void;
  togglePage: () => void;
  selectAllMatching: () => void;
  clear: () => void;
}

export function recordIdOf(item: ResourceRecord): RecordId | undefined {
  const id = item.id;
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

/**
 * Rows picked for a bulk action. Picks survive paging (they are ids), and are dropped when the filter
 * changes, since "all matching" would then mean other rows.
 */
export function useBulkSelection(
  descriptor: ResourceDescriptor,
  query: ListQuery,
  items: readonly ResourceRecord[],
): BulkSelection {
  const enabled = (descriptor.bulkActions?.length ?? 0) > 0;
  const [ids, setIds] = useState<ReadonlySet<RecordId>>(() => new Set());
  const [allMatching, setAllMatching] = useState(false);
  const filterKey = JSON.stringify(query.filters);

  const clear = useCallback(() => {
    setIds(new Set());
    setAllMatching(false);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter's identity is what resets the picks.
  useEffect(clear, [filterKey, clear]);

  const pageIds = useMemo(() => items.flatMap((item) => recordIdOf(item) ?? []), [items]);
  const picked = pageIds.filter((id) => ids.has(id)).length;
  const pageState =
    allMatching || (pageIds.length > 0 && picked === pageIds.length) ? 'all' : picked > 0 ? 'some' : 'none';

  const toggle = useCallback((id: RecordId) => {
    setAllMatching(false);
    setIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const togglePage = useCallback(() => {
    setAllMatching(false);
    setIds((current) => {
      const next = new Set(current);
      const all = pageIds.every((id) => next.has(id));
      for (const id of pageIds) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }, [pageIds]);

  return {
    enabled,
    ids,
    allMatching,
    pageState,
    isSelected: (id) => allMatching || ids.has(id),
    toggle,
    togglePage,
    selectAllMatching: () => setAllMatching(true),
    clear,
  };
}

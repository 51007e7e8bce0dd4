import type { ListQuery, PageSize, ResourceDescriptor } from '@pult/contract';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useLocale } from '../i18n/use-locale';
import {
  activeSort,
  clearFilters,
  readTableState,
  setFilter,
  setPage,
  setPerPage,
  toggleSort,
  writeTableState,
} from './table-url-state';

export interface TableState {
  query: ListQuery;
  /** The column the rows are ordered by, default sort included. */
  sort: ReturnType<typeof activeSort>;
  setFilter: (field: string, value: string) => void;
  clearFilters: () => void;
  setPage: (page: number) => void;
  setPerPage: (perPage: PageSize) => void;
  toggleSort: (field: string) => void;
  /** Moves to a page without a history entry (a page past the end after a deletion). */
  replacePage: (page: number) => void;
}

/**
 * The table state of the current URL. Filter changes replace the history entry, since typing would
 * otherwise leave one per word; page, page size and sort changes push one, so Back returns to them.
 */
export function useTableState(descriptor: ResourceDescriptor): TableState {
  const [searchParams, setSearchParams] = useSearchParams();
  const locale = useLocale();
  const query = useMemo(() => readTableState(descriptor, searchParams), [descriptor, searchParams]);

  // Each change is applied to the URL as it is when the change lands, not as it was at the last render,
  // so a debounced filter and a click in between cannot undo each other. React Router's functional
  // `setSearchParams` does not give that: it starts from the params of the last render, so a second
  // change made before the router has re-rendered the first one would drop it. `latest` is the URL as
  // our last change left it; `pending` are our writes the router has not rendered yet.
  const latest = useRef(searchParams.toString());
  const pending = useRef<string[]>([]);
  useLayoutEffect(() => {
    const rendered = searchParams.toString();
    const index = pending.current.indexOf(rendered);
    if (index >= 0) {
      // One of our own writes has arrived; later ones are still on their way.
      pending.current = pending.current.slice(index + 1);
      if (pending.current.length === 0) latest.current = rendered;
    } else {
      // Changed from outside (Back, a link): that is the URL now.
      pending.current = [];
      latest.current = rendered;
    }
  }, [searchParams]);

  const update = useCallback(
    (change: (query: ListQuery) => ListQuery, replace: boolean) => {
      const current = new URLSearchParams(latest.current);
      const next = writeTableState(current, change(readTableState(descriptor, current)));
      const text = next.toString();
      // A click that changes nothing (the current page, a filter set to its value) must not add a
      // history entry that Back would have to step over.
      if (text === latest.current) return;
      pending.current.push(text);
      latest.current = text;
      setSearchParams(next, { replace });
    },
    [descriptor, setSearchParams],
  );

  return useMemo(
    () => ({
      query,
      sort: activeSort(descriptor, query, locale),
      setFilter: (field, value) => update((current) => setFilter(descriptor, current, field, value), true),
      clearFilters: () => update(clearFilters, true),
      setPage: (page) => update((current) => setPage(current, page), false),
      setPerPage: (perPage) => update((current) => setPerPage(current, perPage), false),
      toggleSort: (field) => update((current) => toggleSort(descriptor, current, field, locale), false),
      replacePage: (page) => update((current) => setPage(current, page), true),
    }),
    [descriptor, query, update, locale],
  );
}

import type { ListQuery, ResourceDescriptor } from '@pult/contract';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { loadView, saveView, viewParams } from './table-prefs';
import { writeTableState } from './table-url-state';

/**
 * Remembers a table's last view (filters, sort, page, page size) per resource, and brings it back when
 * the list is opened with none in its URL (from the menu). A URL that carries table state wins.
 */
export function useRememberedView(descriptor: ResourceDescriptor, query: ListQuery): void {
  const [searchParams, setSearchParams] = useSearchParams();
  // Decided once, on arrival: restore only when the URL says nothing about the table.
  const pending = useRef<ListQuery | null | undefined>(undefined);
  if (pending.current === undefined) {
    pending.current = viewParams(query) === '' ? loadView(window.localStorage, descriptor) : null;
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: only on arrival; later changes are the administrator's own
  useLayoutEffect(() => {
    if (pending.current) setSearchParams(writeTableState(searchParams, pending.current), { replace: true });
  }, []);

  const current = viewParams(query);
  useEffect(() => {
    // Until the restored view has reached the URL, the default view on screen is not a choice.
    if (pending.current) {
      if (current !== viewParams(pending.current)) return;
      pending.current = null;
    }
    saveView(window.localStorage, descriptor, query);
  }, [current, descriptor, query]);
}

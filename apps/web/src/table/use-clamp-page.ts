import { useEffect } from 'react';
import type { ResourceList } from './use-resource-list';
import type { TableState } from './use-table-state';

/**
 * A page past the end (the last record of the last page deleted, an old link) moves to the last
 * one, replacing the history entry so Back does not lead to the empty page again. Only a settled
 * answer counts: the previous query's rows still on screen say nothing about this one's pages.
 */
export function useClampPage(
  state: Pick<TableState, 'query' | 'replacePage'>,
  list: Pick<ResourceList<unknown>, 'isPending' | 'isError' | 'isPlaceholderData' | 'pageCount'>,
): void {
  const settled = !list.isPending && !list.isError && !list.isPlaceholderData;
  const lastPage = Math.max(1, list.pageCount);
  const { page } = state.query;
  const { replacePage } = state;
  useEffect(() => {
    if (settled && page > lastPage) replacePage(lastPage);
  }, [settled, page, lastPage, replacePage]);
}

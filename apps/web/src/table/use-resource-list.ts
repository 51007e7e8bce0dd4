import type { ListQuery, ResourceDescriptor, TotalKind } from '@pult/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { useTranslation } from '../i18n/use-translation';
import { fetchList, type ResourceRecord, resourceKeys } from '../resources/resource-api';

export interface ResourceList<Item> {
  items: Item[];
  /** The query the rows on screen answer: the previous one while the current one loads. */
  shownQuery: ListQuery;
  total: number;
  /** False when `total` is the server's estimate or a lower bound (a broad filter on a big table). */
  totalExact: boolean;
  /** Which of the three `total` is (`ListResponse`). */
  totalKind: TotalKind;
  pageCount: number;
  /** Nothing to show yet: the very first load. */
  isPending: boolean;
  /** A request is under way, possibly while the previous page is still on screen. */
  isFetching: boolean;
  /** The rows on screen belong to the previous query while the current one loads. */
  isPlaceholderData: boolean;
  /** When the read of the rows on screen started (this tab's clock; 0: none yet). */
  readAt: number;
  isError: boolean;
  error: unknown;
  refetch: () => void;
}

/** The query key of a list page: the server localises reference names (a country's) by `Lang`. */
export function listQueryKey(descriptor: ResourceDescriptor, query: ListQuery, language: string) {
  return [...resourceKeys.list(descriptor, query), language] as const;
}

/**
 * One page of a resource. The previous page stays on screen while the next one loads, so paging and
 * filtering do not flash an empty table.
 */
export function useResourceList<Item = ResourceRecord>(
  descriptor: ResourceDescriptor,
  query: ListQuery,
): ResourceList<Item> {
  const services = useServices();
  const { i18n } = useTranslation();
  const result = useQuery({
    queryKey: listQueryKey(descriptor, query, i18n.language),
    queryFn: async ({ signal }) => {
      // Taken before asking: a change announced before this moment is in the answer (live lists).
      const readAt = Date.now();
      return { ...(await fetchList<Item>(services, descriptor, query, signal)), query, readAt };
    },
    placeholderData: keepPreviousData,
  });
  return {
    items: result.data?.items ?? [],
    shownQuery: result.data?.query ?? query,
    total: result.data?.total ?? 0,
    totalExact: result.data?.totalExact ?? true,
    totalKind: result.data?.totalKind ?? 'exact',
    pageCount: result.data?.pageCount ?? 0,
    isPending: result.isPending,
    isFetching: result.isFetching,
    isPlaceholderData: result.isPlaceholderData,
    readAt: result.data?.readAt ?? 0,
    isError: result.isError,
    error: result.error,
    refetch: () => {
      void result.refetch();
    },
  };
}

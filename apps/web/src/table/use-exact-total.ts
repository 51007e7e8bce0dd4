import type { ListQuery, ResourceDescriptor } from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useServices } from '../app/services-context';
import { fetchList, resourceKeys } from '../resources/resource-api';

export interface ExactTotal {
  /** The exact total of the current filters, once counted. */
  total?: number;
  isCounting: boolean;
  /** The server could not count within its budget (it answered its estimate again) or failed. */
  failed: boolean;
  /** Asks the server to count the current filters' matches exactly (`total=exact`). */
  count: () => void;
}

/**
 * "Count exactly" for a list whose total is an estimate. The count belongs to the filters it was
 * asked for: another filter needs another click, and a count still running for filters no longer on
 * screen is abandoned (its request is aborted when nothing observes it any more).
 */
export function useExactTotal(descriptor: ResourceDescriptor, query: ListQuery): ExactTotal {
  const services = useServices();
  const countQuery: ListQuery = { page: 1, perPage: 5, sort: [], filters: query.filters, exactTotal: true };
  const key = resourceKeys.list(descriptor, countQuery);
  const keyText = JSON.stringify(key);
  const [askedFor, setAskedFor] = useState<string>();
  const result = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchList(services, descriptor, countQuery, signal),
    enabled: askedFor === keyText,
    // The list's own page is refetched on its own schedule; a count is worth keeping while it stands.
    staleTime: Number.POSITIVE_INFINITY,
  });
  const answered = result.data;
  return {
    total: answered?.totalExact ? answered.total : undefined,
    isCounting: result.isFetching,
    failed: result.isError || (answered !== undefined && !answered.totalExact),
    count: () => setAskedFor(keyText),
  };
}

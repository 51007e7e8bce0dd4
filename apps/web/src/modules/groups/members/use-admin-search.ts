import { type Admin, adminsResource } from '@pult/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { fetchList, resourceKeys } from '../../../resources/resource-api';

/**
 * Administrators whose e-mail contains `text` (the admins list's own filter): the first ten by e-mail.
 * Nothing is asked before two characters, which would match most of the list.
 */
export function useAdminSearch(text: string) {
  const services = useServices();
  const term = text.trim();
  const query = {
    page: 1,
    perPage: 10 as const,
    sort: [{ field: 'email', direction: 'asc' as const }],
    filters: { email: term },
  };
  return useQuery({
    queryKey: resourceKeys.list(adminsResource, query),
    queryFn: ({ signal }) => fetchList<Admin>(services, adminsResource, query, signal),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

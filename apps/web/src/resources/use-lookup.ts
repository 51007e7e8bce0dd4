import type { LookupName } from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context';
import { useLocale } from '../i18n/use-locale';
import { fetchLookup, resourceKeys } from './resource-api';
import { sortOptions } from './sort-options';

/**
 * Options of a lookup select (`{ value, label }`), in the panel's language and its alphabetical order
 * (the server sorts too, but a service may not). `params` narrows them
 * (cities of one country); pass `enabled: false` while a parameter is not chosen yet.
 */
export function useLookup(lookup: LookupName, params: Record<string, string> = {}, enabled = true) {
  const services = useServices();
  const locale = useLocale();
  const query = useQuery({
    queryKey: [...resourceKeys.lookup(lookup, params), locale],
    queryFn: async ({ signal }) => {
      const response = await fetchLookup(services, lookup, params, signal);
      return { ...response, items: sortOptions(response.items, locale) };
    },
    enabled,
    staleTime: 5 * 60_000,
  });
  return { options: query.data?.items ?? [], loading: query.isPending && enabled, error: query.isError };
}

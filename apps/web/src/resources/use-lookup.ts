import type { LookupName } from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/services-context';
import { fetchLookup, resourceKeys } from './resource-api';

/**
 * Options of a lookup select (`{ value, label }`), in the panel's language. `params` narrows them
 * (cities of one country); pass `enabled: false` while a parameter is not chosen yet.
 */
export function useLookup(lookup: LookupName, params: Record<string, string> = {}, enabled = true) {
  const services = useServices();
  const { i18n } = useTranslation();
  const query = useQuery({
    queryKey: [...resourceKeys.lookup(lookup, params), i18n.language],
    queryFn: ({ signal }) => fetchLookup(services, lookup, params, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
  return { options: query.data?.items ?? [], loading: query.isPending && enabled, error: query.isError };
}

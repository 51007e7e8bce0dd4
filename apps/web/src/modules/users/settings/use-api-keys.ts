import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { apiKeysQueryKey, fetchApiKeys } from './settings-api';

/** Which API keys the services hold now (prefixes only: the keys themselves are never readable). */
export function useApiKeys() {
  const services = useServices();
  const query = useQuery({
    queryKey: apiKeysQueryKey,
    queryFn: ({ signal }) => fetchApiKeys(services, signal),
  });
  return { keys: query.data?.items ?? [], loading: query.isPending, failed: query.isError };
}

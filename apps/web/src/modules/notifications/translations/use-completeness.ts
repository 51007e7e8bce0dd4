import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { fetchCompleteness, notificationKeys } from '../notification-api';

/** How complete each language is; refetched whenever translations change (same query root). */
export function useCompleteness() {
  const services = useServices();
  return useQuery({
    queryKey: notificationKeys.completeness,
    queryFn: ({ signal }) => fetchCompleteness(services, signal),
    staleTime: 0,
  });
}

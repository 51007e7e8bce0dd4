import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/services-context';
import { fetchQueueCounts, notificationKeys } from '../notification-api';

export const COUNTS_REFRESH_MS = 5_000;

/** The e-mails in each status, refreshed while the screen is open. */
export function useQueueCounts() {
  const services = useServices();
  return useQuery({
    queryKey: notificationKeys.counts,
    queryFn: ({ signal }) => fetchQueueCounts(services, signal),
    refetchInterval: COUNTS_REFRESH_MS,
  });
}

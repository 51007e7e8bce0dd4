import { emailQueueResource } from '@pult/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/services-context';
import { resourceKeys } from '../../../resources/resource-api';
import { fetchQueueCounts, notificationKeys } from '../notification-api';

export const COUNTS_REFRESH_MS = 5_000;

/**
 * The e-mails in each status, refreshed while the screen is open. When they move (the worker sent
 * something, an e-mail failed), the table on screen is refreshed too.
 */
export function useQueueCounts() {
  const services = useServices();
  const queryClient = useQueryClient();
  const counts = useQuery({
    queryKey: notificationKeys.counts,
    queryFn: ({ signal }) => fetchQueueCounts(services, signal),
    refetchInterval: COUNTS_REFRESH_MS,
  });
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!counts.data) return;
    const current = JSON.stringify(counts.data);
    if (seen.current !== undefined && seen.current !== current) {
      void queryClient.invalidateQueries({ queryKey: [...resourceKeys.all(emailQueueResource), 'list'] });
    }
    seen.current = current;
  }, [counts.data, queryClient]);
  return counts;
}

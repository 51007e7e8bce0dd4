import { emailQueueResource, permissionResourceOf } from '@pult/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useServices } from '../../../app/services-context';
import { useLiveConnected, useLiveRefresh } from '../../../live/live-context';
import { resourceKeys } from '../../../resources/resource-api';
import { fetchQueueCounts, notificationKeys } from '../notification-api';

export const COUNTS_REFRESH_MS = 5_000;

/** How often the counts follow the queue's live changes: a busy queue moves many times a second. */
export const COUNTS_LIVE_THROTTLE_MS = 5_000;

/**
 * The e-mails in each status, refreshed while the screen is open: on the queue's live changes (at most
 * every 5 s), or by polling every 5 s while the live stream is not open. Without the stream, when they
 * move (the worker sent something, an e-mail failed), the table on screen is refreshed too.
 */
export function useQueueCounts() {
  const services = useServices();
  const queryClient = useQueryClient();
  const live = useLiveConnected();
  const counts = useQuery({
    queryKey: notificationKeys.counts,
    queryFn: ({ signal }) => fetchQueueCounts(services, signal),
    // An idle panel with the stream open sends nothing: the changes say when to ask again.
    refetchInterval: live ? false : COUNTS_REFRESH_MS,
  });
  useLiveRefresh(
    permissionResourceOf(emailQueueResource),
    () => void queryClient.invalidateQueries({ queryKey: notificationKeys.counts }),
    COUNTS_LIVE_THROTTLE_MS,
  );
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!counts.data) return;
    const current = JSON.stringify(counts.data);
    // With the live stream open the table follows each change itself, in place, without reordering
    // what the administrator reads; reloading it here would undo that.
    if (!live && seen.current !== undefined && seen.current !== current) {
      void queryClient.invalidateQueries({ queryKey: [...resourceKeys.all(emailQueueResource), 'list'] });
    }
    seen.current = current;
  }, [counts.data, queryClient, live]);
  return counts;
}

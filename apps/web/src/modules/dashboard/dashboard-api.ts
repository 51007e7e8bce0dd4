import type { DashboardCard, DashboardIndex } from '@pult/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { useLiveConnected, useLiveRefresh } from '../../live/live-context';
import { ANY_RESOURCE } from '../../live/live-hub';

const dashboardKeys = {
  index: ['dashboard', 'index'] as const,
  card: (id: string) => ['dashboard', 'card', id] as const,
};

/** Figures move as people work: refreshed every minute while the dashboard is open without live changes. */
const REFRESH_MS = 60_000;
/** With live changes, the cards follow every change, but at most this often. */
export const LIVE_REFRESH_MS = 5_000;

/** Which cards the server's modules contribute. */
export function useDashboardIndex() {
  const services = useServices();
  return useQuery({
    queryKey: dashboardKeys.index,
    queryFn: ({ signal }): Promise<DashboardIndex> =>
      services.http.get(services.serviceUrl('auth', '/admin/dashboard'), { signal }),
  });
}

/**
 * The cards follow live changes of any resource (their figures sum many tables), at most once per 5 s;
 * each card's query then asks again, and a slow one does not hold back the others.
 */
export function useDashboardLive(): void {
  const queryClient = useQueryClient();
  useLiveRefresh(
    ANY_RESOURCE,
    () => void queryClient.invalidateQueries({ queryKey: ['dashboard', 'card'] }),
    LIVE_REFRESH_MS,
  );
}

/** One card, on its own query: its loading and its failure are its own. */
export function useDashboardCard(id: string) {
  const services = useServices();
  const live = useLiveConnected();
  return useQuery({
    queryKey: dashboardKeys.card(id),
    queryFn: ({ signal }): Promise<DashboardCard> =>
      services.http.get(services.serviceUrl('auth', `/admin/dashboard/cards/${encodeURIComponent(id)}`), {
        signal,
      }),
    // The stream says when figures moved; polling is the fallback while it is not open.
    refetchInterval: live ? false : REFRESH_MS,
  });
}

/** A daily series' link for one day. */
export function dayLink(link: string, day: string): string {
  return link.replaceAll('{day}', day);
}

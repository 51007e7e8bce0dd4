import type { DashboardCard, DashboardIndex } from '@pult/contract';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';

const dashboardKeys = {
  index: ['dashboard', 'index'] as const,
  card: (id: string) => ['dashboard', 'card', id] as const,
};

/** Figures move as people work: refreshed every minute while the dashboard is open. */
const REFRESH_MS = 60_000;

/** Which cards the server's modules contribute. */
export function useDashboardIndex() {
  const services = useServices();
  return useQuery({
    queryKey: dashboardKeys.index,
    queryFn: ({ signal }): Promise<DashboardIndex> =>
      services.http.get(services.serviceUrl('auth', '/admin/dashboard'), { signal }),
  });
}

/** One card, on its own query: its loading and its failure are its own. */
export function useDashboardCard(id: string) {
  const services = useServices();
  return useQuery({
    queryKey: dashboardKeys.card(id),
    queryFn: ({ signal }): Promise<DashboardCard> =>
      services.http.get(services.serviceUrl('auth', `/admin/dashboard/cards/${encodeURIComponent(id)}`), {
        signal,
      }),
    refetchInterval: REFRESH_MS,
  });
}

/** A daily series' link for one day. */
export function dayLink(link: string, day: string): string {
  return link.replaceAll('{day}', day);
}

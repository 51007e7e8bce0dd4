import type { DashboardCard, DashboardItem, DashboardSeries, ServiceName } from '@pult/contract';

/**
 * What a module contributes to the dashboard: cards it can compute cheaply (from counters and daily
 * rollups, never a `count(*)` over a big table). A module exports them as `dashboard` from its
 * index; the app hands every module's list to `dashboardRoutes`, so a new module adds cards
 * without a change to the dashboard itself.
 */
export interface DashboardCardSource {
  /** Stable and unique, `<module>.<figure>`: the panel's texts and the card's URL use it. */
  id: string;
  /** The resource whose records the card sums up: it is sent only to who may list every one of them. */
  resource: string;
  service: ServiceName;
  kind: DashboardCard['kind'];
  load(): Promise<DashboardCard>;
}

export function valueCard(id: string, value: number, link: string | null): DashboardCard {
  return { id, kind: 'value', unit: 'count', items: [{ key: 'value', value, link }], days: [], series: [] };
}

export function breakdownCard(
  id: string,
  items: DashboardItem[],
  unit: DashboardCard['unit'] = 'count',
): DashboardCard {
  return { id, kind: 'breakdown', unit, items, days: [], series: [] };
}

export function dailyCard(id: string, days: string[], series: DashboardSeries[]): DashboardCard {
  return { id, kind: 'daily', unit: 'count', items: [], days, series };
}

import { z } from 'zod';
import { SERVICE_BASE_PATHS, type ServiceName } from './runtime-config.js';

/**
 * The dashboard: cards contributed by the API modules. `GET /auth/admin/dashboard` lists the cards
 * whose modules exist; each card is then read on its own (`…/dashboard/cards/{id}`), so a slow or
 * failing card never holds up or breaks the others.
 *
 * Texts are the panel's: `dashboard.cards.<id>.title` and `dashboard.cards.<id>.keys.<key>` (a key
 * without a text, a bucket's name say, is shown as it is). Links are panel routes with the list
 * grammar; in a daily series `{day}` stands for the bar's `YYYY-MM-DD`.
 */
export const DASHBOARD_DAYS = 30;

const serviceNames = Object.keys(SERVICE_BASE_PATHS) as [ServiceName, ...ServiceName[]];

const CARD_KINDS = ['value', 'breakdown', 'daily'] as const;

/** A card's kind is known before it loads, so the panel lays the skeletons out as the cards will be. */
export const dashboardCardInfoSchema = z.object({
  id: z.string(),
  service: z.enum(serviceNames),
  kind: z.enum(CARD_KINDS),
});
export type DashboardCardInfo = z.infer<typeof dashboardCardInfoSchema>;

export const dashboardIndexSchema = z.object({ cards: z.array(dashboardCardInfoSchema) });
export type DashboardIndex = z.infer<typeof dashboardIndexSchema>;

export const dashboardItemSchema = z.object({
  key: z.string(),
  value: z.number(),
  link: z.string().nullable(),
});
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

export const dashboardSeriesSchema = z.object({
  key: z.string(),
  /** One value per day of `days`, oldest first. */
  values: z.array(z.number()),
  link: z.string().nullable(),
});
export type DashboardSeries = z.infer<typeof dashboardSeriesSchema>;

export const dashboardCardSchema = z.object({
  id: z.string(),
  /** `value`: one figure (items[0]); `breakdown`: a figure per key; `daily`: bars per UTC day. */
  kind: z.enum(CARD_KINDS),
  unit: z.enum(['count', 'bytes']),
  items: z.array(dashboardItemSchema),
  days: z.array(z.string()),
  series: z.array(dashboardSeriesSchema),
});
export type DashboardCard = z.infer<typeof dashboardCardSchema>;

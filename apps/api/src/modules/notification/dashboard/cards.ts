import { EMAIL_STATUSES } from '@pult/contract';
import { breakdownCard, type DashboardCardSource, dailyCard } from '../../../dashboard/dashboard-card.js';
import { lastDays, rollupDaily, rollupTotals } from '../../../dashboard/rollups.js';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';

const QUEUE = '/notifications/email-queue';

/** The e-mail queue by status, and e-mails sent and failed per day they were queued. */
export function createNotificationDashboard(db: Db, clock: Clock): DashboardCardSource[] {
  return [
    {
      id: 'notification.queueByStatus',
      resource: 'notification.email-queue',
      service: 'notification',
      kind: 'breakdown',
      async load() {
        const totals = await rollupTotals(db, 'email_queue');
        return breakdownCard(
          'notification.queueByStatus',
          EMAIL_STATUSES.map((status) => ({
            key: status,
            value: totals.get(status) ?? 0,
            link: `${QUEUE}?filter[status]=${status}`,
          })),
        );
      },
    },
    {
      id: 'notification.sentFailed',
      resource: 'notification.email-queue',
      service: 'notification',
      kind: 'daily',
      async load() {
        const days = lastDays(clock());
        const daily = await rollupDaily(db, 'email_queue', days, ['sent', 'failed']);
        return dailyCard(
          'notification.sentFailed',
          days,
          (['sent', 'failed'] as const).map((status) => ({
            key: status,
            values: daily.get(status) ?? [],
            link: `${QUEUE}?filter[status]=${status}&filter[created_at]={day}`,
          })),
        );
      },
    },
  ];
}

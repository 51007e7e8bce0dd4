import {
  breakdownCard,
  type DashboardCardSource,
  dailyCard,
  valueCard,
} from '../../../dashboard/dashboard-card.js';
import { type CounterStore, lastDays, rollupDaily, rollupTotals } from '../../../dashboard/rollups.js';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';

/** Storage used per bucket, files and errors per day, open error groups. */
export function createStorageDashboard(db: Db, clock: Clock): DashboardCardSource[] {
  const daily = (
    id: string,
    resource: string,
    table: string,
    link: string,
    store?: CounterStore,
  ): DashboardCardSource => ({
    id,
    resource,
    service: 'storage',
    kind: 'daily',
    async load() {
      const days = lastDays(clock());
      const counts = await rollupDaily(db, table, days, undefined, store);
      return dailyCard(id, days, [{ key: 'count', values: counts.get('') ?? [], link }]);
    },
  });
  return [
    {
      id: 'storage.bytesByBucket',
      resource: 'storage.buckets',
      service: 'storage',
      kind: 'breakdown',
      async load() {
        // Buckets keep their own usage (updated with every file), and there are few of them.
        const buckets = await db
          .selectFrom('storage_buckets')
          .select(['id', 'name', 'bytes_used'])
          .orderBy('bytes_used', 'desc')
          .orderBy('id')
          .execute();
        return breakdownCard(
          'storage.bytesByBucket',
          buckets.map((bucket) => ({
            key: bucket.name,
            value: Number(bucket.bytes_used),
            link: `/storage/files?filter[bucket_id]=${bucket.id}`,
          })),
          'bytes',
        );
      },
    },
    daily('storage.filesPerDay', 'storage.files', 'storage_files', '/storage/files?filter[created_at]={day}'),
    // The lists engine counts errors per day (and level) already.
    daily(
      'storage.errorsPerDay',
      'storage.errors',
      'storage_errors',
      '/storage/errors?view=all&filter[created_at]={day}',
      'list_day_counts',
    ),
    {
      id: 'storage.openErrorGroups',
      resource: 'storage.error-groups',
      service: 'storage',
      kind: 'value',
      async load() {
        const totals = await rollupTotals(db, 'storage_error_groups');
        return valueCard(
          'storage.openErrorGroups',
          totals.get('open') ?? 0,
          '/storage/errors?filter[status]=open',
        );
      },
    },
  ];
}

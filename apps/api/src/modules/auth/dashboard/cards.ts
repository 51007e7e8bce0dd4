import { USER_STATUSES } from '@pult/contract';
import { sql } from 'kysely';
import {
  breakdownCard,
  type DashboardCardSource,
  dailyCard,
  valueCard,
} from '../../../dashboard/dashboard-card.js';
import { lastDays, rollupDaily, rollupTotals } from '../../../dashboard/rollups.js';
import type { Db } from '../../../db/database.js';
import type { Clock } from '../../../lib/clock.js';

/** The Users section's figures: users by status, new users per day, administrators signed in now. */
export function createAuthDashboard(db: Db, clock: Clock): DashboardCardSource[] {
  return [
    {
      id: 'auth.usersByStatus',
      resource: 'auth.users',
      service: 'auth',
      kind: 'breakdown',
      async load() {
        // The lists engine counts users per day and status already (list_day_counts).
        const totals = await rollupTotals(db, 'users', 'list_day_counts');
        return breakdownCard(
          'auth.usersByStatus',
          USER_STATUSES.map((status) => ({
            key: String(status),
            value: totals.get(String(status)) ?? 0,
            link: `/auth/users?filter[status]=${status}`,
          })),
        );
      },
    },
    {
      id: 'auth.newUsers',
      resource: 'auth.users',
      service: 'auth',
      kind: 'daily',
      async load() {
        const days = lastDays(clock());
        const daily = await rollupDaily(db, 'users', days, undefined, 'list_day_counts');
        return dailyCard('auth.newUsers', days, [
          { key: 'users', values: daily.get('') ?? [], link: '/auth/users?filter[created_at]={day}' },
        ]);
      },
    },
    {
      id: 'auth.adminsOnline',
      resource: 'auth.admins',
      service: 'auth',
      kind: 'value',
      async load() {
        // Live sign-ins of administrators: a handful of rows on the partial index of unrevoked sessions.
        const { rows } = await sql<{ n: number }>`
          select count(distinct subject_id)::int as n from auth_sessions
          where subject_kind = 'admin' and revoked_at is null and expires_at > ${clock()}`.execute(db);
        return valueCard('auth.adminsOnline', rows[0]?.n ?? 0, '/auth/audit?filter[action]=signin');
      },
    },
  ];
}

import type { Kysely, Migration } from 'kysely';
import { createRollupTable, trackRollup, untrackRollup } from '../../../dashboard/rollup-migrations.js';

export const authDashboardMigrations: Record<string, Migration> = {
  '2026-11-24-0510-dashboard-rollups': {
    async up(db: Kysely<unknown>) {
      await createRollupTable(db);
      await trackRollup(db, 'users', 'status', 'created_at');
    },
  },
  '2026-11-24-0513-users-on-list-day-counts': {
    async up(db: Kysely<unknown>) {
      // The lists engine counts users per day and status already: one set of counters per table.
      await untrackRollup(db, 'users');
    },
  },
};

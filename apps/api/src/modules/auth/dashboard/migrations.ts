import type { Kysely, Migration } from 'kysely';
import { createRollupTable, trackRollup } from '../../../dashboard/rollup-migrations.js';

export const authDashboardMigrations: Record<string, Migration> = {
  '2026-11-24-0510-dashboard-rollups': {
    async up(db: Kysely<unknown>) {
      await createRollupTable(db);
      await trackRollup(db, 'users', 'status', 'created_at');
    },
  },
};

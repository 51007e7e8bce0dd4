import type { Kysely, Migration } from 'kysely';
import { trackRollup } from '../../../dashboard/rollup-migrations.js';

export const notificationDashboardMigrations: Record<string, Migration> = {
  '2026-11-24-0511-queue-rollups': {
    async up(db: Kysely<unknown>) {
      // By the day an e-mail was queued: the figure equals the queue list filtered by status and that day.
      await trackRollup(db, 'email_queue', 'status', 'created_at');
    },
  },
};

import type { Kysely, Migration } from 'kysely';
import { trackRollup } from '../../../dashboard/rollup-migrations.js';

export const storageDashboardMigrations: Record<string, Migration> = {
  '2026-11-24-0512-storage-rollups': {
    async up(db: Kysely<unknown>) {
      await trackRollup(db, 'storage_files', null, 'created_at');
      await trackRollup(db, 'storage_errors', null, 'created_at');
      // first_seen never changes, so a group stays on its day while its status moves.
      await trackRollup(db, 'storage_error_groups', 'status', 'first_seen');
    },
  },
};
